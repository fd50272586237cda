import { isAbsolute, join, resolve } from 'node:path';
import { existsSync } from 'node:fs';
import {
  ConfigError,
  envBoolean,
  envInteger,
  envText,
  envUrl,
  hideCredentials,
  type Env,
} from '@cardcraft/config';
import { sqliteFileIn } from '@cardcraft/storage';
import { DEFAULT_BULLMQ_OPTIONS } from './adapters/bullmq/bullmq-options';
import { DEFAULT_SQLITE_QUEUE_OPTIONS } from './adapters/sqlite-queue/sqlite-queue-options';
import { IP_MAX_AGE_MS } from './events';
import type { ReadinessLimits } from './health/pipeline-readiness';
import type { EventBufferOptions } from './producer/event-buffer';

/** a bad analytics variable: the same error every configuration module throws */
export { ConfigError as AnalyticsConfigError };

/** what either queue does with a job that failed: its tries, their backoff, its raw ips */
export interface QueueRetries {
  attempts: number;
  /** first retry after this long, doubling each time */
  backoffMs: number;
  /** a batch that failed (retrying or dead) keeps its raw ips at most this long after it was queued */
  ipMaxAgeMs: number;
  /** how often the consumer strips them */
  ipSweepMs: number;
}

/** no REDIS_URL: the durable queue in the sqlite file (with the salts), consumed inside the api process */
export interface EmbeddedQueueConfig extends QueueRetries {
  kind: 'embedded';
  sqliteFile: string;
  /** the least time from one insert of events to the next (the batches meanwhile go in one) */
  insertIntervalMs: number;
}

/** REDIS_URL: bullmq on redis; the api produces, apps/worker consumes */
export interface RedisQueueConfig extends QueueRetries {
  kind: 'redis';
  redisUrl: string;
  /** key prefix and queue name, so deployments (and test runs) sharing a redis stay apart */
  prefix: string;
  queueName: string;
  /** the batches one worker runs at once */
  concurrency: number;
  lockDurationMs: number;
  stalledIntervalMs: number;
  /** the api's spill file for batches redis cannot take */
  journalFile: string;
}

export type AnalyticsQueueConfig = EmbeddedQueueConfig | RedisQueueConfig;

/** how a process treats the schema and the raw events' retention as it opens the store */
export interface StoreUpkeep {
  /** raw events are kept this many days (null: for ever); the rollups keep every total */
  rawRetentionDays: number | null;
  /**
   * true: a process applies the pending migrations (and the retention) as it opens the store, as the
   * embedded product does; false: it only checks none is pending, since the cluster applies them once
   * beforehand (npm run migrate)
   */
  migrateAtStart: boolean;
  migrationsDir?: string;
}

/** no CLICKHOUSE_URL: chdb inside the process, its data in dataDir */
export interface ChdbStoreConfig extends StoreUpkeep {
  kind: 'chdb';
  dataDir: string;
}

/** CLICKHOUSE_URL: a ClickHouse server over http */
export interface HttpStoreConfig extends StoreUpkeep {
  kind: 'http';
  url: string;
  database?: string;
  user?: string;
  password?: string;
}

export type AnalyticsStoreConfig = ChdbStoreConfig | HttpStoreConfig;

/** everything analytics needs, parsed once by the process's configuration module */
export interface AnalyticsConfig<Q extends AnalyticsQueueConfig = AnalyticsQueueConfig> {
  /** the queue decides the composition: one process (embedded) or api and worker apart (redis) */
  queue: Q;
  store: AnalyticsStoreConfig;
  /** the api's buffer in front of the queue */
  buffer: EventBufferOptions;
  /** DATA_DIR: its free space is part of the readiness */
  dataDir: string;
  /** when /api/health/ready says the pipeline is unhealthy */
  readiness: ReadinessLimits;
  /** what the consumer adds to each event */
  enrichment: {
    /** a MaxMind-format city database; absent: the GeoLite2 files shipped in the npm package */
    geoipDb: string | null;
    /** the product's own addresses: referrers from these count as direct */
    ownUrls: string[];
  };
}

// a short window: what a killed process can lose. the cost of an insert per batch is the consumer's
// to spread (it inserts the batches waiting together), not a reason to hold views in memory longer
export const DEFAULT_BUFFER_OPTIONS: EventBufferOptions = {
  flushMs: 25,
  maxBatch: 1000,
  maxBuffered: 50_000,
  enqueueTimeoutMs: 2000,
  retryMs: 1000,
};

export const DEFAULT_READINESS_LIMITS: ReadinessLimits = {
  maxInsertAgeMs: 60_000,
  minFreeBytes: 100 * 1024 * 1024,
};

/** the journal's file name in DATA_DIR */
export const JOURNAL_FILE_NAME = 'analytics-journal.sqlite';

/** about 13 months: a year's range and the one before it stay in the visit list */
export const DEFAULT_RAW_RETENTION_DAYS = 400;

/** the embedded mode with every default: the sqlite queue and chdb under dataDir */
export function analyticsConfigDefaults(dataDir: string): AnalyticsConfig<EmbeddedQueueConfig> {
  return {
    queue: {
      kind: 'embedded',
      sqliteFile: sqliteFileIn(dataDir),
      attempts: DEFAULT_SQLITE_QUEUE_OPTIONS.attempts,
      backoffMs: DEFAULT_SQLITE_QUEUE_OPTIONS.backoffMs,
      ipMaxAgeMs: DEFAULT_SQLITE_QUEUE_OPTIONS.ipMaxAgeMs,
      ipSweepMs: DEFAULT_SQLITE_QUEUE_OPTIONS.ipSweepMs,
      insertIntervalMs: DEFAULT_SQLITE_QUEUE_OPTIONS.insertIntervalMs,
    },
    store: {
      kind: 'chdb',
      dataDir: join(dataDir, 'chdb'),
      rawRetentionDays: DEFAULT_RAW_RETENTION_DAYS,
      migrateAtStart: true,
    },
    buffer: DEFAULT_BUFFER_OPTIONS,
    dataDir,
    readiness: DEFAULT_READINESS_LIMITS,
    enrichment: { geoipDb: null, ownUrls: [] },
  };
}

/** the redis queue at redisUrl with every default, its journal in dataDir */
export function redisQueueDefaults(redisUrl: string, dataDir: string): RedisQueueConfig {
  return {
    kind: 'redis',
    redisUrl,
    prefix: DEFAULT_BULLMQ_OPTIONS.prefix,
    queueName: DEFAULT_BULLMQ_OPTIONS.queueName,
    attempts: DEFAULT_BULLMQ_OPTIONS.attempts,
    backoffMs: DEFAULT_BULLMQ_OPTIONS.backoffMs,
    ipMaxAgeMs: DEFAULT_BULLMQ_OPTIONS.ipMaxAgeMs,
    ipSweepMs: DEFAULT_BULLMQ_OPTIONS.ipSweepMs,
    concurrency: DEFAULT_BULLMQ_OPTIONS.concurrency,
    lockDurationMs: DEFAULT_BULLMQ_OPTIONS.lockDurationMs,
    stalledIntervalMs: DEFAULT_BULLMQ_OPTIONS.stalledIntervalMs,
    journalFile: join(dataDir, JOURNAL_FILE_NAME),
  };
}

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
 * the environment it was given; never reads process.env itself. every variable is checked, in the same
 * order, whichever mode it serves: a bad one stops the start in either mode.
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
  const { dataDir, ownUrls } = context;
  const defaults = analyticsConfigDefaults(dataDir);
  const integer = (name: string, fallback: number, min: number, max: number) =>
    envInteger(env, name, fallback, min, max);
  const geoRaw = envText(env, 'GEOIP_DB') ?? null;
  const geoipDb = geoRaw && !isAbsolute(geoRaw) ? resolve(context.cwd ?? process.cwd(), geoRaw) : geoRaw;
  if (geoipDb && !existsSync(geoipDb)) throw new ConfigError(`GEOIP_DB "${geoipDb}" does not exist`);
  const prefix = envText(env, 'ANALYTICS_QUEUE_PREFIX') ?? DEFAULT_BULLMQ_OPTIONS.prefix;
  const queueName = envText(env, 'ANALYTICS_QUEUE_NAME') ?? DEFAULT_BULLMQ_OPTIONS.queueName;
  for (const [name, value] of [
    ['ANALYTICS_QUEUE_PREFIX', prefix],
    ['ANALYTICS_QUEUE_NAME', queueName],
  ]) {
    if (!/^[A-Za-z0-9_.-]{1,64}$/.test(value)) {
      throw new ConfigError(`${name} may hold letters, digits, dot, dash and underscore (got "${value}")`);
    }
  }
  const lockDurationMs = integer('ANALYTICS_LOCK_MS', DEFAULT_BULLMQ_OPTIONS.lockDurationMs, 1000, 600_000);
  const redisUrl = envUrl(env, 'REDIS_URL', ['redis:', 'rediss:']);
  const clickhouseUrl = envUrl(env, 'CLICKHOUSE_URL', ['http:', 'https:']);
  if (redisUrl && !clickhouseUrl) {
    // with a queue in redis the worker runs apart; both must reach the same ClickHouse server
    throw new ConfigError(
      'CLICKHOUSE_URL is required when REDIS_URL is set: the worker process writes the events the api reads',
    );
  }
  const { buffer: bufferDefaults, readiness: readinessDefaults, queue: queueDefaults } = defaults;
  const buffer: EventBufferOptions = {
    flushMs: integer('ANALYTICS_FLUSH_MS', bufferDefaults.flushMs, 1, 10_000),
    maxBatch: integer('ANALYTICS_BATCH_SIZE', bufferDefaults.maxBatch, 1, 100_000),
    maxBuffered: integer('ANALYTICS_BUFFER_MAX', bufferDefaults.maxBuffered, 1, 10_000_000),
    enqueueTimeoutMs: integer(
      'ANALYTICS_ENQUEUE_TIMEOUT_MS',
      bufferDefaults.enqueueTimeoutMs ?? 2000,
      50,
      60_000,
    ),
    retryMs: bufferDefaults.retryMs,
  };
  const minFreeMb = readinessDefaults.minFreeBytes / 1024 / 1024;
  const readiness: ReadinessLimits = {
    maxInsertAgeMs: integer(
      'ANALYTICS_READY_MAX_INSERT_AGE_MS',
      readinessDefaults.maxInsertAgeMs,
      1000,
      86_400_000,
    ),
    minFreeBytes: integer('DATA_DIR_MIN_FREE_MB', minFreeMb, 0, 1_000_000) * 1024 * 1024,
  };
  const attempts = integer('ANALYTICS_ATTEMPTS', queueDefaults.attempts, 1, 100);
  const backoffMs = integer('ANALYTICS_BACKOFF_MS', queueDefaults.backoffMs, 1, 3_600_000);
  const concurrency = integer('ANALYTICS_CONCURRENCY', DEFAULT_BULLMQ_OPTIONS.concurrency, 1, 64);
  const stalledIntervalMs = integer('ANALYTICS_STALLED_INTERVAL_MS', lockDurationMs, 1000, 600_000);
  // at most a day: shorter is allowed (tests, stricter deployments), longer would break the promise
  const ipMaxAgeMs = integer('ANALYTICS_FAILED_IP_MAX_AGE_MS', queueDefaults.ipMaxAgeMs, 1000, IP_MAX_AGE_MS);
  const ipSweepMs = integer('ANALYTICS_IP_SWEEP_MS', queueDefaults.ipSweepMs, 1000, 3_600_000);
  const insertIntervalMs = integer('ANALYTICS_INSERT_INTERVAL_MS', queueDefaults.insertIntervalMs, 0, 60_000);
  const upkeep: StoreUpkeep = {
    rawRetentionDays: retentionDays(env, defaults.store.rawRetentionDays),
    // the cluster applies the migrations once, as a step of its own (npm run migrate), and its
    // processes only check them; the embedded product applies them as it starts
    migrateAtStart: envBoolean(env, 'CLICKHOUSE_MIGRATE_AT_START', defaults.store.migrateAtStart),
  };
  const retries: QueueRetries = { attempts, backoffMs, ipMaxAgeMs, ipSweepMs };
  const redisTuning = { prefix, queueName, concurrency, lockDurationMs, stalledIntervalMs };
  return {
    queue: redisUrl
      ? { ...redisQueueDefaults(redisUrl, dataDir), ...redisTuning, ...retries }
      : { ...queueDefaults, ...retries, insertIntervalMs },
    store: clickhouseUrl
      ? {
          kind: 'http',
          url: clickhouseUrl,
          database: envText(env, 'CLICKHOUSE_DATABASE'),
          user: envText(env, 'CLICKHOUSE_USER'),
          password: env.CLICKHOUSE_PASSWORD || undefined,
          ...upkeep,
        }
      : { ...defaults.store, ...upkeep },
    buffer,
    dataDir,
    readiness,
    enrichment: { geoipDb, ownUrls },
  };
}

/** the configuration as it is safe to log: the addresses' credentials and the password hidden */
export function describeAnalyticsConfig(config: AnalyticsConfig): Record<string, unknown> {
  const { queue, store } = config;
  return {
    ...config,
    queue: queue.kind === 'redis' ? { ...queue, redisUrl: hideCredentials(queue.redisUrl) } : queue,
    store:
      store.kind === 'http'
        ? { ...store, url: hideCredentials(store.url), password: store.password ? '***' : undefined }
        : store,
  };
}
