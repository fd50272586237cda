import type { SqliteDatabase } from './adapters/sqlite/sqlite-database';

type SqliteDatabaseModule = typeof import('./adapters/sqlite/sqlite-database');
import type { Storage, StorageOptions } from './ports';

export * from './ports';
export * from './data-dir';
export { SchemaVersionError } from './schema-version';
export type { SqliteDatabase, SqliteStatement } from './adapters/sqlite/sqlite-database';
export {
  addColumnIfMissing,
  migrateSqlite,
  sqliteSchemaVersion,
  type SqliteMigration,
  type SqliteSchema,
} from './adapters/sqlite/sqlite-migrations';
// the snapshot loads the native module only when called
export { querySqliteFile, snapshotSqliteFile, type SqliteSnapshot } from './adapters/sqlite/sqlite-snapshot';
export { STORAGE_SNAPSHOT_QUERIES } from './adapters/sqlite/sqlite-storage-snapshot';

/**
 * opens the configured store. each adapter is loaded only when picked, so the sqlite-only product
 * never loads mongoose and the cluster never loads the native sqlite module. the sqlite file is
 * brought to this build's schema as it opens (the embedded product migrates itself); a MongoDB
 * database must already be at it (`npm run migrate`). either refuses a store newer than the build
 * with a SchemaVersionError.
 */
export async function createStorage(options: StorageOptions): Promise<Storage> {
  switch (options.kind) {
    case 'sqlite': {
      const { createSqliteStorage } = await import('./adapters/sqlite');
      return createSqliteStorage(options.file);
    }
    case 'mongo': {
      const { createMongoStorage } = await import('./adapters/mongo');
      return createMongoStorage(options.mongoUrl);
    }
  }
}

/**
 * the migration step (`npm run migrate`): applies the store's pending migrations, creating the sqlite
 * file or the collections when new, then closes it. returns the versions applied (none when the
 * schema was up to date); refuses a store newer than the build with a SchemaVersionError.
 */
export async function migrateStorage(options: StorageOptions): Promise<number[]> {
  switch (options.kind) {
    case 'sqlite': {
      const { migrateSqliteStorage } = await import('./adapters/sqlite');
      return migrateSqliteStorage(options.file);
    }
    case 'mongo': {
      const { migrateMongoDatabase } = await import('./adapters/mongo');
      return migrateMongoDatabase(options.mongoUrl);
    }
  }
}

/**
 * opens (creating when needed) a sqlite file the way the sqlite storage does: wal, foreign keys, a busy
 * timeout. the one opener of the product's file: the embedded event queue keeps its tables in it too
 * (versioned with migrateSqlite, as the storage's are). the native module is loaded on the first
 * call, so the cluster (MongoDB) never loads it.
 */
export function openSqliteFile(file: string): SqliteDatabase {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { openSqliteDatabase } = require('./adapters/sqlite/sqlite-database') as SqliteDatabaseModule;
  return openSqliteDatabase(file);
}
