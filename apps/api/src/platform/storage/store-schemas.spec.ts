import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { knownAnalyticsMigrations, migrateAnalyticsStore } from '@cardcraft/analytics';
import { migrateStorage, openSqliteFile, SchemaVersionError, sqliteFileIn } from '@cardcraft/storage';
import { ClickHouseAnalyticsStore } from '../../../../../libs/analytics/src/adapters/clickhouse/clickhouse-analytics-store';
import { loadConfig } from '../config/app-config';
import { checkStoreSchemas } from './store-schemas';

// main.ts runs checkStoreSchemas before nest and prints a SchemaVersionError as `Cannot start: <message>`
describe('the stores’ schemas, checked before the api is made', () => {
  let dataDir: string;
  /** this build's storage version: the last one a new file is migrated to */
  let storageVersion: number;
  beforeAll(async () => {
    const scratch = mkdtempSync(join(tmpdir(), 'cardcraft-storage-version-'));
    try {
      storageVersion = Math.max(...(await migrateStorage({ kind: 'sqlite', file: sqliteFileIn(scratch) })));
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  });
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'cardcraft-store-schemas-'));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  const config = (env: Record<string, string> = {}) =>
    loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'error', WEB_DIST_DIR: '', ...env });
  /** the data directory as a newer build left it: one part of its sqlite file a version ahead */
  const migratedByANewerBuild = (part: string, version: number) => {
    const db = openSqliteFile(sqliteFileIn(dataDir));
    db.prepare('INSERT INTO schema_version VALUES (?, ?, ?, 0)').run(part, version, 'from-a-later-build');
    db.close();
  };

  it('migrates a new data directory’s file, storage and queue alike', async () => {
    await checkStoreSchemas(config());
    const db = openSqliteFile(sqliteFileIn(dataDir));
    try {
      expect(
        db.prepare('SELECT part, max(version) AS version FROM schema_version GROUP BY part').all(),
      ).toEqual([
        { part: 'analytics_queue', version: 3 },
        { part: 'storage', version: storageVersion },
      ]);
    } finally {
      db.close();
    }
  });

  it.each([
    ['storage', 'the SQLite store', () => storageVersion],
    ['analytics_queue', 'the analytics queue', () => 3],
  ])(
    'refuses a file whose %s part a newer build migrated, naming both versions',
    async (part, label, buildVersion) => {
      const build = buildVersion();
      const newer = build + 1;
      await migrateStorage({ kind: 'sqlite', file: sqliteFileIn(dataDir) });
      migratedByANewerBuild(part, newer);
      const checking = checkStoreSchemas(config());
      await expect(checking).rejects.toThrow(SchemaVersionError);
      await expect(checking).rejects.toThrow(
        `${label} in ${sqliteFileIn(dataDir)} is at schema version ${newer}, newer than this build's ${build}; run a build at least as new, or restore a backup made by this one.`,
      );
    },
  );

  describe('ClickHouse (chDB in the data directory)', () => {
    const chdb = () => join(dataDir, 'chdb');
    const build = Math.max(...knownAnalyticsMigrations());

    it('refuses a store a newer build migrated, and leaves the sqlite file unmade', async () => {
      await migrateAnalyticsStore(config().analytics);
      const store = ClickHouseAnalyticsStore.open({ transport: { kind: 'chdb', path: chdb() } });
      await store.client.command({
        query: `INSERT INTO schema_migrations VALUES (${build + 1}, 'from-a-later-build', now64(3))`,
      });
      await store.close();
      const checking = checkStoreSchemas(config());
      await expect(checking).rejects.toThrow(SchemaVersionError);
      await expect(checking).rejects.toThrow(
        `the chDB store in ${chdb()} is at schema version ${build + 1}, newer than this build's ${build}; run a build at least as new, or restore a backup made by this one.`,
      );
      expect(existsSync(sqliteFileIn(dataDir))).toBe(false);
    });

    it('refuses one behind when it does not migrate at start (CLICKHOUSE_MIGRATE_AT_START=false)', async () => {
      const checking = checkStoreSchemas(config({ CLICKHOUSE_MIGRATE_AT_START: 'false' }));
      await expect(checking).rejects.toThrow(
        `the chDB store in ${chdb()} is at schema version 0, older than this build's ${build}; run \`npm run migrate\` (the cluster's migrate service) first.`,
      );
    });
  });
});
