import { isAbsolute, join, resolve } from 'node:path';
import { existsSync } from 'node:fs';
import { IP_MAX_AGE_MS } from './events';
import { analyticsConfigDefaults, type AnalyticsConfig } from './runtime';

type Env = Record<string, string | undefined>;

export class AnalyticsConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AnalyticsConfigError';
  }
}

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new AnalyticsConfigError(`${name} must be a whole number from ${min} to ${max} (got "${raw}")`);
  }
  return value;
}

function optionalUrl(env: Env, name: string, protocols: string[]): string | null {
  const raw = env[name]?.trim();
  if (!raw) return null;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new AnalyticsConfigError(`${name} must be a URL (got "${raw}")`);
  }
  if (!protocols.includes(parsed.protocol)) {
    throw new AnalyticsConfigError(`${name} must start with ${protocols.join(' or ')}`);
  }
  return raw.replace(/\/+$/, '');
}

/** ANALYTICS_RAW_RETENTION_DAYS: whole days from 1 to 36500, or "forever" */
function retentionDays(env: Env, fallback: number | null): number | null {
  const raw = env.ANALYTICS_RAW_RETENTION_DAYS?.trim();
  if (!raw) return fallback;
  if (raw.toLowerCase() === 'forever') return null;
  const days = Number(raw);
  if (!Number.isInteger(days) || days < 1 || days > 36_500) {
    throw new AnalyticsConfigError(
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
 * ANALYTICS_RAW_RETENTION_DAYS
 */
export function parseAnalyticsEnv(
  env: Env,
  context: { dataDir: string; ownUrls: string[]; cwd?: string; sqliteFile?: string },
): AnalyticsConfig {
  const defaults = analyticsConfigDefaults(context.dataDir);
  const geoRaw = env.GEOIP_DB?.trim();
  const geoipDb = geoRaw
    ? isAbsolute(geoRaw)
      ? geoRaw
      : resolve(context.cwd ?? process.cwd(), geoRaw)
    : null;
  if (geoipDb && !existsSync(geoipDb)) throw new AnalyticsConfigError(`GEOIP_DB "${geoipDb}" does not exist`);
  const prefix = env.ANALYTICS_QUEUE_PREFIX?.trim() || defaults.redisPrefix;
  const queueName = env.ANALYTICS_QUEUE_NAME?.trim() || defaults.queueName;
  for (const [name, value] of [
    ['ANALYTICS_QUEUE_PREFIX', prefix],
    ['ANALYTICS_QUEUE_NAME', queueName],
  ]) {
    if (!/^[A-Za-z0-9_.-]{1,64}$/.test(value)) {
      throw new AnalyticsConfigError(
        `${name} may hold letters, digits, dot, dash and underscore (got "${value}")`,
      );
    }
  }
  const lockDurationMs = integer(env, 'ANALYTICS_LOCK_MS', defaults.lockDurationMs, 1000, 600_000);
  const redisUrl = optionalUrl(env, 'REDIS_URL', ['redis:', 'rediss:']);
  const clickhouseUrl = optionalUrl(env, 'CLICKHOUSE_URL', ['http:', 'https:']);
  if (redisUrl && !clickhouseUrl) {
    // with a queue in redis the worker runs apart; both must reach the same ClickHouse server
    throw new AnalyticsConfigError(
      'CLICKHOUSE_URL is required when REDIS_URL is set: the worker process writes the events the api reads',
    );
  }
  return {
    ...defaults,
    redisUrl,
    clickhouseUrl,
    clickhouseDatabase: env.CLICKHOUSE_DATABASE?.trim() || undefined,
    clickhouseUser: env.CLICKHOUSE_USER?.trim() || undefined,
    clickhousePassword: env.CLICKHOUSE_PASSWORD || undefined,
    clickhouseDataDir: join(context.dataDir, 'chdb'),
    sqliteFile: context.sqliteFile ?? defaults.sqliteFile,
    geoipDb,
    ownUrls: context.ownUrls,
    redisPrefix: prefix,
    queueName,
    buffer: {
      flushMs: integer(env, 'ANALYTICS_FLUSH_MS', defaults.buffer.flushMs, 1, 10_000),
      maxBatch: integer(env, 'ANALYTICS_BATCH_SIZE', defaults.buffer.maxBatch, 1, 100_000),
      maxBuffered: integer(env, 'ANALYTICS_BUFFER_MAX', defaults.buffer.maxBuffered, 1, 10_000_000),
    },
    attempts: integer(env, 'ANALYTICS_ATTEMPTS', defaults.attempts, 1, 100),
    backoffMs: integer(env, 'ANALYTICS_BACKOFF_MS', defaults.backoffMs, 1, 3_600_000),
    concurrency: integer(env, 'ANALYTICS_CONCURRENCY', defaults.concurrency, 1, 64),
    lockDurationMs,
    stalledIntervalMs: integer(env, 'ANALYTICS_STALLED_INTERVAL_MS', lockDurationMs, 1000, 600_000),
    // at most a day: shorter is allowed (tests, stricter deployments), longer would break the promise
    ipMaxAgeMs: integer(env, 'ANALYTICS_FAILED_IP_MAX_AGE_MS', defaults.ipMaxAgeMs, 1000, IP_MAX_AGE_MS),
    ipSweepMs: integer(env, 'ANALYTICS_IP_SWEEP_MS', defaults.ipSweepMs, 1000, 3_600_000),
    rawRetentionDays: retentionDays(env, defaults.rawRetentionDays),
  };
}

/** the configuration as it is safe to log */
export function describeAnalyticsConfig(config: AnalyticsConfig): Record<string, unknown> {
  const hide = (value: string | null | undefined) => value?.replace(/\/\/[^@/]*@/, '//***@') ?? null;
  return {
    ...config,
    redisUrl: hide(config.redisUrl),
    clickhouseUrl: hide(config.clickhouseUrl),
    clickhousePassword: config.clickhousePassword ? '***' : undefined,
  };
}
