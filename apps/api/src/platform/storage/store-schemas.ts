import { migrateAnalyticsFiles } from '@cardcraft/analytics';
import { createStorage, sqliteFileIn, type StorageOptions } from '@cardcraft/storage';
import type { AppConfig } from '../config/app-config';

/** the configured store: MongoDB with MONGO_URL (the cluster), else the SQLite file in DATA_DIR */
export function storageOptionsOf(config: Pick<AppConfig, 'mongoUrl' | 'dataDir'>): StorageOptions {
  return config.mongoUrl
    ? { kind: 'mongo', mongoUrl: config.mongoUrl }
    : { kind: 'sqlite', file: sqliteFileIn(config.dataDir) };
}

/**
 * the stores' schema versions, checked before the application is made: the SQLite file and the
 * analytics' sqlite files brought to this build's version (the embedded product migrates itself), a
 * MongoDB database checked against it (`npm run migrate` migrates). throws SchemaVersionError for a
 * store newer than the build, or a MongoDB database behind it. nest would end the process with its
 * own report of the failed provider; main.ts prints this one as one line.
 */
export async function checkStoreSchemas(config: AppConfig): Promise<void> {
  const storage = await createStorage(storageOptionsOf(config));
  await storage.close();
  migrateAnalyticsFiles(config.analytics);
}
