import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrateStorage, openSqliteFile, SchemaVersionError, sqliteFileIn } from '@cardcraft/storage';
import { loadConfig } from '../config/app-config';
import { checkStoreSchemas } from './store-schemas';

// main.ts runs checkStoreSchemas before nest and prints a SchemaVersionError as `Cannot start: <message>`
describe('the stores’ schemas, checked before the api is made', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'cardcraft-store-schemas-'));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  const config = () => loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'error', WEB_DIST_DIR: '' });
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
        { part: 'storage', version: 3 },
      ]);
    } finally {
      db.close();
    }
  });

  it.each([
    ['storage', 4, 'the SQLite store', 3],
    ['analytics_queue', 4, 'the analytics queue', 3],
  ])(
    'refuses a file whose %s part a newer build migrated, naming both versions',
    async (part, newer, label, build) => {
      await migrateStorage({ kind: 'sqlite', file: sqliteFileIn(dataDir) });
      migratedByANewerBuild(part, newer);
      const checking = checkStoreSchemas(config());
      await expect(checking).rejects.toThrow(SchemaVersionError);
      await expect(checking).rejects.toThrow(
        `${label} in ${sqliteFileIn(dataDir)} is at schema version ${newer}, newer than this build's ${build}; run a build at least as new, or restore a backup made by this one.`,
      );
    },
  );
});
