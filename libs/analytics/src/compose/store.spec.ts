import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SchemaVersionError } from '@cardcraft/storage';
import { ClickHouseAnalyticsStore } from '../adapters/clickhouse/clickhouse-analytics-store';
import { DEFAULT_MIGRATIONS_DIR, readMigrations, runMigrations } from '../adapters/clickhouse/migrations';
import { analyticsConfigDefaults, type ChdbStoreConfig } from '../config';
import {
  checkAnalyticsSchema,
  migrateAnalyticsStore,
  openAnalyticsStore,
  openAnalyticsStoreAsIs,
} from './store';

const BUILD = Math.max(...readMigrations().map((migration) => migration.version));
const LATER = BUILD + 1;

describe('a chDB store a newer build migrated', () => {
  let dir: string;
  let store: ChdbStoreConfig;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'cardcraft-ch-newer-'));
    store = { ...analyticsConfigDefaults(dir).store, kind: 'chdb', dataDir: join(dir, 'chdb') };
    // the first migration applied, then a row of a later build's: this build's second and later are
    // pending, so a refusal that came after applying them would show
    const firstOnly = join(dir, 'migrations-001');
    mkdirSync(firstOnly);
    copyFileSync(join(DEFAULT_MIGRATIONS_DIR, '001-events.sql'), join(firstOnly, '001-events.sql'));
    const opened = ClickHouseAnalyticsStore.open({ transport: { kind: 'chdb', path: store.dataDir } });
    try {
      await runMigrations(opened.client, firstOnly);
      await opened.client.command({
        query: `INSERT INTO schema_migrations VALUES (${LATER}, 'from-a-later-build', now64(3))`,
      });
    } finally {
      await opened.close();
    }
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** what the store holds: its tables' rows and the versions it recorded */
  async function contents() {
    const opened = openAnalyticsStoreAsIs({ store });
    try {
      return { tables: await opened.tableRows(), versions: await opened.appliedMigrations() };
    } finally {
      await opened.close();
    }
  }

  const refusal = () =>
    `the chDB store in ${store.dataDir} is at schema version ${LATER}, newer than this build's ${BUILD}; run a build at least as new, or restore a backup made by this one.`;

  it('npm run migrate refuses it in one line naming both versions, and writes nothing', async () => {
    const before = await contents();
    expect(before.versions).toEqual([1, LATER]);
    const migrating = migrateAnalyticsStore({ store });
    await expect(migrating).rejects.toThrow(SchemaVersionError);
    await expect(migrating).rejects.toThrow(refusal());
    expect(await contents()).toEqual(before);
  });

  it.each([true, false])(
    'a process refuses to start on it (migrating at start: %s), writing nothing',
    async (migrateAtStart) => {
      const before = await contents();
      const config = { store: { ...store, migrateAtStart } };
      await expect(checkAnalyticsSchema(config)).rejects.toThrow(refusal());
      await expect(openAnalyticsStore(config)).rejects.toThrow(refusal());
      expect(await contents()).toEqual(before);
    },
  );
});
