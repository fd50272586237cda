import { checkAnalyticsSchema, migrateAnalyticsFiles } from '@cardcraft/analytics';
import { createStorage, sqliteFileIn, type StorageOptions } from '@cardcraft/storage';
import type { AppConfig } from '../config/app-config';

/** the configured store: MongoDB with MONGO_URL (the cluster), else the SQLite file in DATA_DIR */
export function storageOptionsOf(config: Pick<AppConfig, 'mongoUrl' | 'dataDir'>): StorageOptions {
  return config.mongoUrl
    ? { kind: 'mongo', mongoUrl: config.mongoUrl }
    : { kind: 'sqlite', file: sqliteFileIn(config.dataDir) };
}

/**
 * the stores' schema versions, checked before the application is made: ClickHouse (or chDB) first,
 * read only, refused when a newer build migrated it or, with CLICKHOUSE_MIGRATE_AT_START=false, when
 * `npm run migrate` has not brought it up to date (the api migrates it as it starts otherwise); then
 * the SQLite file and the analytics' sqlite files brought to this build's version (the embedded
 * product migrates itself), a MongoDB database checked against it (`npm run migrate` migrates).
 * throws SchemaVersionError for a store newer than the build, or one behind that the api does not
 * migrate. nest would end the process with its own report of the failed provider; main.ts prints
 * this one as one line.
 */
export async function checkStoreSchemas(config: AppConfig): Promise<void> {
  await checkAnalyticsSchema(config.analytics);
  const storage = await createStorage(storageOptionsOf(config));
  await storage.close();
  migrateAnalyticsFiles(config.analytics);
}
