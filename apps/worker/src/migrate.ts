import 'reflect-metadata';
import { checkAnalyticsSchema, migrateAnalyticsStore } from '@cardcraft/analytics';
import { ConfigError, hideCredentials } from '@cardcraft/config';
import { migrateStorage, SchemaVersionError } from '@cardcraft/storage';
import { createLogger } from './logger';
import { loadWorkerConfig } from './worker-config';

/**
 * the migration step: applies the pending migrations of the storage and of ClickHouse (and the raw
 * retention) once, then exits. `npm run migrate`, with the variables the processes use: MONGO_URL for
 * the cluster's MongoDB, else the SQLite file in DATA_DIR; CLICKHOUSE_URL (and its user, password,
 * database) for a server over http, else the embedded chDB in DATA_DIR. the cluster runs it as its
 * one-shot `migrate` service before the api and the worker, which then only check the schemas. a
 * store a newer build migrated is refused with one line naming both versions.
 */
async function main(): Promise<void> {
  const config = loadWorkerConfig(process.env, { requireCluster: false });
  const logger = createLogger(config.logLevel, 'migrate');
  const report = (target: string, applied: number[]) =>
    logger.log(
      applied.length > 0
        ? `applied migration ${applied.join(', ')} to ${target}`
        : `${target}: no migration pending`,
    );

  const { storage } = config;
  // a ClickHouse schema newer than the build is refused before the storage is migrated: nothing written
  await checkAnalyticsSchema(config.analytics, true);
  report(
    storage.kind === 'mongo'
      ? `MongoDB at ${hideCredentials(storage.mongoUrl)}`
      : `SQLite in ${storage.file}`,
    await migrateStorage(storage),
  );
  report(
    config.analytics.store.kind === 'http' ? 'ClickHouse over http' : `chDB in ${config.dataDir}`,
    await migrateAnalyticsStore(config.analytics),
  );
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError) console.error(`Configuration error: ${err.message}`);
  else if (err instanceof SchemaVersionError) console.error(`Cannot migrate: ${err.message}`);
  else console.error(err);
  process.exit(1);
});
