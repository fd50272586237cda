import type { Storage, StorageOptions } from './ports';

export * from './ports';

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
