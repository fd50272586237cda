import 'reflect-metadata';
import { migrateAnalyticsStore } from '@cardcraft/analytics';
import { ConfigError } from '@cardcraft/config';
import { createLogger } from './logger';
import { loadWorkerConfig } from './worker-config';

/**
 * the migration step: applies the pending ClickHouse migrations (and the raw retention) once, then
 * exits. `npm run migrate`, with the variables the processes use: CLICKHOUSE_URL (and its user,
 * password, database) for a server over http, else the embedded chDB in DATA_DIR. the cluster runs it
 * as its one-shot `migrate` service before the api and the worker, which then only check the schema.
 */
async function main(): Promise<void> {
  const config = loadWorkerConfig(process.env, { requireCluster: false });
  const logger = createLogger(config.logLevel, 'migrate');
  const target =
    config.analytics.store.kind === 'http' ? 'ClickHouse over http' : `chDB in ${config.dataDir}`;
  const applied = await migrateAnalyticsStore(config.analytics);
  logger.log(
    applied.length > 0
      ? `applied migration ${applied.join(', ')} to ${target}`
      : `${target}: no migration pending`,
  );
}

main().catch((err: unknown) => {
  console.error(err instanceof ConfigError ? `Configuration error: ${err.message}` : err);
  process.exit(1);
});
