import type { SqliteDatabase } from './adapters/sqlite/sqlite-database';
import type { Storage, StorageOptions } from './ports';

export * from './ports';
export type { SqliteDatabase } from './adapters/sqlite/sqlite-database';

/**
 * opens the configured store. each adapter is loaded only when picked, so the sqlite-only product
 * never loads mongoose and the cluster never loads the native sqlite module.
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
 * opens a sqlite file the way the sqlite storage does (wal, foreign keys, busy timeout), for adapters
 * that keep their own tables in the product's one file, such as the embedded event queue.
 */
export async function openSqliteFile(file: string): Promise<SqliteDatabase> {
  const { openSqliteDatabase } = await import('./adapters/sqlite/sqlite-database');
  return openSqliteDatabase(file);
}
