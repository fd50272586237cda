import { isAbsolute, join, resolve } from 'node:path';
import { existsSync } from 'node:fs';
import {
  ConfigError,
  envInteger as integer,
  envBoolean,
  envText,
  envUrl,
  hideCredentials,
  type Env,
} from '@cardcraft/config';
import { sqliteFileIn } from '@cardcraft/storage';
import { IP_MAX_AGE_MS } from './events';
import { analyticsConfigDefaults, type AnalyticsConfig } from './runtime';

/** a bad analytics variable: the same error every configuration module throws */
export { ConfigError as AnalyticsConfigError };

/** ANALYTICS_RAW_RETENTION_DAYS: whole days from 1 to 36500, or "forever" */
function retentionDays(env: Env, fallback: number | null): number | null {
  const raw = envText(env, 'ANALYTICS_RAW_RETENTION_DAYS');
  if (!raw) return fallback;
  if (raw.toLowerCase() === 'forever') return null;
  const days = Number(raw);
  if (!Number.isInteger(days) || days < 1 || days > 36_500) {
    throw new ConfigError(
      `ANALYTICS_RAW_RETENTION_DAYS must be a whole number of days from 1 to 36500, or "forever" (got "${raw}")`,
    );
  }
  return days;
}

/**
 * the analytics part of a process's configuration. called by each app's one configuration module with
 * the environment it was given; never reads process.env itself.
 *
 * REDIS_URL, CLICKHOUSE_URL (+ CLICKHOUSE_USER, CLICKHOUSE_PASSWORD, CLICKHOUSE_DATABASE), GEOIP_DB,
 * ANALYTICS_QUEUE_PREFIX, ANALYTICS_QUEUE_NAME, ANALYTICS_FLUSH_MS, ANALYTICS_BATCH_SIZE,
 * ANALYTICS_BUFFER_MAX, ANALYTICS_ATTEMPTS, ANALYTICS_BACKOFF_MS, ANALYTICS_CONCURRENCY,
 * ANALYTICS_LOCK_MS, ANALYTICS_STALLED_INTERVAL_MS, ANALYTICS_FAILED_IP_MAX_AGE_MS, ANALYTICS_IP_SWEEP_MS,
 * ANALYTICS_INSERT_INTERVAL_MS, ANALYTICS_RAW_RETENTION_DAYS, CLICKHOUSE_MIGRATE_AT_START, ANALYTICS_ENQUEUE_TIMEOUT_MS,
 * ANALYTICS_READY_MAX_INSERT_AGE_MS, DATA_DIR_MIN_FREE_MB
 */
export function parseAnalyticsEnv(
  env: Env,
  context: { dataDir: string; ownUrls: string[]; cwd?: string },
): AnalyticsConfig {
  const defaults = analyticsConfigDefaults(context.dataDir);
  const geoRaw = envText(env, 'GEOIP_DB');
  const geoipDb = geoRaw
    ? isAbsolute(geoRaw)
      ? geoRaw
      : resolve(context.cwd ?? process.cwd(), geoRaw)
    : null;
  if (geoipDb && !existsSync(geoipDb)) throw new ConfigError(`GEOIP_DB "${geoipDb}" does not exist`);
  const prefix = envText(env, 'ANALYTICS_QUEUE_PREFIX') ?? defaults.redisPrefix;
  const queueName = envText(env, 'ANALYTICS_QUEUE_NAME') ?? defaults.queueName;
  for (const [name, value] of [
    ['ANALYTICS_QUEUE_PREFIX', prefix],
    ['ANALYTICS_QUEUE_NAME', queueName],
  ]) {
    if (!/^[A-Za-z0-9_.-]{1,64}$/.test(value)) {
      throw new ConfigError(`${name} may hold letters, digits, dot, dash and underscore (got "${value}")`);
    }
  }
  const lockDurationMs = integer(env, 'ANALYTICS_LOCK_MS', defaults.lockDurationMs, 1000, 600_000);
  const redisUrl = envUrl(env, 'REDIS_URL', ['redis:', 'rediss:']);
  const clickhouseUrl = envUrl(env, 'CLICKHOUSE_URL', ['http:', 'https:']);
  if (redisUrl && !clickhouseUrl) {
    // with a queue in redis the worker runs apart; both must reach the same ClickHouse server
    throw new ConfigError(
      'CLICKHOUSE_URL is required when REDIS_URL is set: the worker process writes the events the api reads',
    );
  }
  return {
    ...defaults,
    redisUrl,
    clickhouseUrl,
    clickhouseDatabase: envText(env, 'CLICKHOUSE_DATABASE'),
    clickhouseUser: envText(env, 'CLICKHOUSE_USER'),
    clickhousePassword: env.CLICKHOUSE_PASSWORD || undefined,
    clickhouseDataDir: join(context.dataDir, 'chdb'),
    sqliteFile: sqliteFileIn(context.dataDir),
    geoipDb,
    ownUrls: context.ownUrls,
    redisPrefix: prefix,
    queueName,
    buffer: {
      flushMs: integer(env, 'ANALYTICS_FLUSH_MS', defaults.buffer.flushMs, 1, 10_000),
      maxBatch: integer(env, 'ANALYTICS_BATCH_SIZE', defaults.buffer.maxBatch, 1, 100_000),
      maxBuffered: integer(env, 'ANALYTICS_BUFFER_MAX', defaults.buffer.maxBuffered, 1, 10_000_000),
      enqueueTimeoutMs: integer(
        env,
        'ANALYTICS_ENQUEUE_TIMEOUT_MS',
        defaults.buffer.enqueueTimeoutMs ?? 2000,
        50,
        60_000,
      ),
      retryMs: defaults.buffer.retryMs,
    },
    readiness: {
      maxInsertAgeMs: integer(
        env,
        'ANALYTICS_READY_MAX_INSERT_AGE_MS',
        defaults.readiness.maxInsertAgeMs,
        1000,
        86_400_000,
      ),
      minFreeBytes:
        integer(env, 'DATA_DIR_MIN_FREE_MB', defaults.readiness.minFreeBytes / 1024 / 1024, 0, 1_000_000) *
        1024 *
        1024,
    },
    attempts: integer(env, 'ANALYTICS_ATTEMPTS', defaults.attempts, 1, 100),
    backoffMs: integer(env, 'ANALYTICS_BACKOFF_MS', defaults.backoffMs, 1, 3_600_000),
    concurrency: integer(env, 'ANALYTICS_CONCURRENCY', defaults.concurrency, 1, 64),
    lockDurationMs,
    stalledIntervalMs: integer(env, 'ANALYTICS_STALLED_INTERVAL_MS', lockDurationMs, 1000, 600_000),
    // at most a day: shorter is allowed (tests, stricter deployments), longer would break the promise
    ipMaxAgeMs: integer(env, 'ANALYTICS_FAILED_IP_MAX_AGE_MS', defaults.ipMaxAgeMs, 1000, IP_MAX_AGE_MS),
    ipSweepMs: integer(env, 'ANALYTICS_IP_SWEEP_MS', defaults.ipSweepMs, 1000, 3_600_000),
    insertIntervalMs: integer(env, 'ANALYTICS_INSERT_INTERVAL_MS', defaults.insertIntervalMs, 0, 60_000),
    rawRetentionDays: retentionDays(env, defaults.rawRetentionDays),
    // the cluster applies the migrations once, as a step of its own (npm run migrate), and its
    // processes only check them; the embedded product applies them as it starts
    migrateAtStart: envBoolean(env, 'CLICKHOUSE_MIGRATE_AT_START', defaults.migrateAtStart),
  };
}

/** the configuration as it is safe to log */
export function describeAnalyticsConfig(config: AnalyticsConfig): Record<string, unknown> {
  return {
    ...config,
    redisUrl: hideCredentials(config.redisUrl),
    clickhouseUrl: hideCredentials(config.clickhouseUrl),
    clickhousePassword: config.clickhousePassword ? '***' : undefined,
  };
}
