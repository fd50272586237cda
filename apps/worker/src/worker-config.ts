import {
  parseAnalyticsEnv,
  type AnalyticsConfig,
  type AnalyticsQueueConfig,
  type RedisQueueConfig,
} from '@cardcraft/analytics';
import { ConfigError, envInteger, envOneOf, envText, envUrl, type Env } from '@cardcraft/config';
import { dataDirFrom, sqliteFileIn, type StorageOptions } from '@cardcraft/storage';
import { parseMetricsEnv, type MetricsConfig } from '@cardcraft/observability';

/** the worker's one configuration object, parsed once at start-up */
export interface WorkerConfig<Q extends AnalyticsQueueConfig = AnalyticsQueueConfig> {
  dataDir: string;
  /** the store the migrate step brings to this build's schema: MONGO_URL's, else the SQLite file in DATA_DIR */
  storage: StorageOptions;
  analytics: AnalyticsConfig<Q>;
  logLevel: 'debug' | 'info' | 'warn' | 'error';
  /** METRICS_PORT and METRICS_HOST: the worker's Prometheus metrics, off when unset */
  metrics: MetricsConfig;
  /** on SIGTERM: how long the batches in hand may take before the process exits 1 (they are retried) */
  shutdownGraceMs: number;
}

/**
 * `requireCluster`: the worker process serves the cluster, so it needs the queue (REDIS_URL) and the
 * ClickHouse server the api reads (CLICKHOUSE_URL); the replay script also works on the embedded file.
 * with it the queue is redis's (the checks below throw otherwise), which the first signature says.
 */
export function loadWorkerConfig(
  env: Env,
  options: { requireCluster: true },
  cwd?: string,
): WorkerConfig<RedisQueueConfig>;
export function loadWorkerConfig(env: Env, options: { requireCluster: boolean }, cwd?: string): WorkerConfig;
export function loadWorkerConfig(
  env: Env,
  options: { requireCluster: boolean },
  cwd = process.cwd(),
): WorkerConfig {
  const dataDir = dataDirFrom(env, cwd);
  const ownUrls = [envText(env, 'PUBLIC_BASE_URL')].filter((value): value is string => Boolean(value));
  const analytics = parseAnalyticsEnv(env, { dataDir, ownUrls, cwd });
  if (options.requireCluster) {
    if (analytics.queue.kind !== 'redis') {
      throw new ConfigError(
        'REDIS_URL is required: the worker takes events from the BullMQ queue (without it the api runs the worker loop itself)',
      );
    }
    if (analytics.store.kind !== 'http') {
      throw new ConfigError(
        'CLICKHOUSE_URL is required: the worker writes to the ClickHouse server the api reads',
      );
    }
  }
  const mongoUrl = envUrl(env, 'MONGO_URL', ['mongodb:', 'mongodb+srv:']);
  const storage: StorageOptions = mongoUrl
    ? { kind: 'mongo', mongoUrl }
    : { kind: 'sqlite', file: sqliteFileIn(dataDir) };
  const logLevel = envOneOf(env, 'LOG_LEVEL', ['debug', 'info', 'warn', 'error'] as const, 'info');
  const shutdownGraceMs = envInteger(env, 'SHUTDOWN_GRACE_MS', 30_000, 0, 600_000);
  return { dataDir, storage, analytics, logLevel, metrics: parseMetricsEnv(env), shutdownGraceMs };
}
