import { join } from 'node:path';
import { sqliteFileIn } from '@cardcraft/storage';
import {
  BullmqDeadLetters,
  BullmqEventConsumer,
  BullmqEventQueue,
  DEFAULT_BULLMQ_OPTIONS,
  type BullmqOptions,
} from './adapters/bullmq';
import { ClickHouseAnalyticsStore } from './adapters/clickhouse/clickhouse-analytics-store';
import { RedisSaltStore } from './adapters/redis/redis-salt-store';
import { EmbeddedWriteLog } from './adapters/write-log/embedded-write-log';
import { withWriteLog, withoutWriteLog } from './adapters/write-log/write-logging-store';
import {
  DEFAULT_SQLITE_QUEUE_OPTIONS,
  SqliteDeadLetters,
  SqliteEventConsumer,
  SqliteEventQueue,
  SqliteQueueDatabase,
  SqliteSaltStore,
} from './adapters/sqlite-queue';
import { EventEnricher } from './enrichment/enricher';
import { GeoLookup } from './enrichment/geo';
import { ownHostsOf } from './enrichment/referrer';
import { UserAgentParser } from './enrichment/user-agent';
import { VisitorHasher } from './enrichment/visitor-id';
import type { AnalyticsEvent } from './events';
import { BatchProcessor } from './ingest/batch-processor';
import { buildJobHandlers, runJob, type JobHandlers } from './jobs';
import { performance } from 'node:perf_hooks';
import {
  NO_ANALYTICS_METRICS,
  type AnalyticsMetrics,
  type AnalyticsStore,
  type DeadLetters,
  type EventConsumer,
  type EventEraser,
  type EventQueue,
  type EventWriter,
  type QueueDepth,
  type SaltStore,
} from './ports';
import { EventBuffer, type EventBufferOptions } from './producer/event-buffer';
import { SqliteBatchJournal } from './adapters/sqlite-journal/sqlite-batch-journal';
import {
  assessPipeline,
  freeBytesOf,
  type PipelineReport,
  type ReadinessLimits,
} from './health/pipeline-readiness';
import { AnalyticsReadService } from './read/analytics-read.service';

/** everything analytics needs, parsed once by the process's configuration module */
export interface AnalyticsConfig {
  /** set: bullmq on redis; absent: the durable in-process queue in the sqlite file */
  redisUrl: string | null;
  /** set: a ClickHouse server over http; absent: chdb in clickhouseDataDir */
  clickhouseUrl: string | null;
  clickhouseDatabase?: string;
  clickhouseUser?: string;
  clickhousePassword?: string;
  /** chdb's data directory (embedded mode) */
  clickhouseDataDir: string;
  /** the sqlite file of the embedded queue and salts */
  sqliteFile: string;
  /** DATA_DIR: its free space is part of the readiness */
  dataDir: string;
  /** the producer's spill file for batches the redis queue cannot take (cluster mode) */
  journalFile: string;
  /** when /api/health/ready says the pipeline is unhealthy */
  readiness: ReadinessLimits;
  /** a MaxMind-format city database; absent: the GeoLite2 files shipped in the npm package */
  geoipDb: string | null;
  /** the product's own addresses: referrers from these count as direct */
  ownUrls: string[];
  /** redis key prefix and queue name, so deployments (and test runs) sharing a redis stay apart */
  redisPrefix: string;
  queueName: string;
  buffer: EventBufferOptions;
  attempts: number;
  backoffMs: number;
  concurrency: number;
  lockDurationMs: number;
  stalledIntervalMs: number;
  /** a batch that failed (retrying or dead) keeps its raw ips at most this long after it was queued */
  ipMaxAgeMs: number;
  /** how often the worker strips them */
  ipSweepMs: number;
  /** embedded: the least time from one insert of events to the next (the batches meanwhile go in one) */
  insertIntervalMs: number;
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

export interface AnalyticsLogger {
  log(message: string): void;
  warn(message: string): void;
  error(message: string): void;
  /**
   * optional: one line with fields of its own (a structured logger writes them as JSON fields); the
   * worker writes one per job with it
   */
  record?(fields: Record<string, unknown>, message: string): void;
}

/** what a process may add to its analytics: its metrics */
export interface AnalyticsOptions {
  metrics?: AnalyticsMetrics;
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

/** the defaults of everything but the addresses */
export function analyticsConfigDefaults(dataDir: string): AnalyticsConfig {
  return {
    redisUrl: null,
    clickhouseUrl: null,
    clickhouseDataDir: join(dataDir, 'chdb'),
    sqliteFile: sqliteFileIn(dataDir),
    dataDir,
    journalFile: join(dataDir, JOURNAL_FILE_NAME),
    readiness: DEFAULT_READINESS_LIMITS,
    geoipDb: null,
    ownUrls: [],
    redisPrefix: DEFAULT_BULLMQ_OPTIONS.prefix,
    queueName: DEFAULT_BULLMQ_OPTIONS.queueName,
    buffer: DEFAULT_BUFFER_OPTIONS,
    attempts: DEFAULT_BULLMQ_OPTIONS.attempts,
    backoffMs: DEFAULT_BULLMQ_OPTIONS.backoffMs,
    concurrency: DEFAULT_BULLMQ_OPTIONS.concurrency,
    lockDurationMs: DEFAULT_BULLMQ_OPTIONS.lockDurationMs,
    stalledIntervalMs: DEFAULT_BULLMQ_OPTIONS.stalledIntervalMs,
    ipMaxAgeMs: DEFAULT_BULLMQ_OPTIONS.ipMaxAgeMs,
    ipSweepMs: DEFAULT_BULLMQ_OPTIONS.ipSweepMs,
    insertIntervalMs: DEFAULT_SQLITE_QUEUE_OPTIONS.insertIntervalMs,
    rawRetentionDays: DEFAULT_RAW_RETENTION_DAYS,
    migrateAtStart: true,
  };
}

function bullmqOptions(config: AnalyticsConfig & { redisUrl: string }): BullmqOptions {
  return {
    ...DEFAULT_BULLMQ_OPTIONS,
    redisUrl: config.redisUrl,
    prefix: config.redisPrefix,
    queueName: config.queueName,
    attempts: config.attempts,
    backoffMs: config.backoffMs,
    concurrency: config.concurrency,
    lockDurationMs: config.lockDurationMs,
    stalledIntervalMs: config.stalledIntervalMs,
    ipMaxAgeMs: config.ipMaxAgeMs,
    ipSweepMs: config.ipSweepMs,
  };
}

/** the dead letters of the configured queue, for an operator's replay; close it when done */
export function openDeadLetters(config: AnalyticsConfig): DeadLetters {
  if (config.redisUrl) return new BullmqDeadLetters(bullmqOptions({ ...config, redisUrl: config.redisUrl }));
  const database = new SqliteQueueDatabase(config.sqliteFile);
  const letters = new SqliteDeadLetters(database);
  return {
    count: () => letters.count(),
    replay: () => letters.replay(),
    close: async () => database.close(),
  };
}

/** what a process opened, closed in reverse order; every step runs even when one fails */
class Closers {
  private readonly steps: Array<() => Promise<void> | void> = [];

  add(step: () => Promise<void> | void): void {
    this.steps.unshift(step);
  }

  async close(): Promise<void> {
    const errors: unknown[] = [];
    for (const step of this.steps.splice(0)) {
      try {
        await step();
      } catch (err) {
        errors.push(err);
      }
    }
    if (errors.length > 0) throw errors[0];
  }
}

function openStore(config: AnalyticsConfig): ClickHouseAnalyticsStore {
  return ClickHouseAnalyticsStore.open({
    transport: config.clickhouseUrl
      ? {
          kind: 'http',
          url: config.clickhouseUrl,
          database: config.clickhouseDatabase,
          username: config.clickhouseUser,
          password: config.clickhousePassword,
        }
      : { kind: 'chdb', path: config.clickhouseDataDir },
    migrationsDir: config.migrationsDir,
  });
}

/**
 * opens ClickHouse (a server over http, else chdb). with migrateAtStart it applies the pending
 * migrations and the raw retention; without, it refuses a store that still has migrations pending.
 */
export async function openAnalyticsStore(config: AnalyticsConfig): Promise<ClickHouseAnalyticsStore> {
  const store = openStore(config);
  try {
    if (config.migrateAtStart) {
      await store.migrate();
      await store.applyRetention(config.rawRetentionDays);
    } else {
      const pending = await store.pendingMigrations();
      if (pending.length > 0) {
        throw new Error(
          `the ClickHouse schema is behind: migration ${pending.join(', ')} not applied; run \`npm run migrate\` (the cluster's migrate service) first`,
        );
      }
      store.keepRetention(config.rawRetentionDays);
    }
  } catch (err) {
    await store.close();
    throw err;
  }
  return store;
}

/**
 * the store as this process uses it. embedded, the process holds the store and sees every write: the
 * write log records them, so reads are kept and added to; in the cluster other processes write too
 */
function withRecentWrites(store: ClickHouseAnalyticsStore): AnalyticsStore {
  return store.transport === 'chdb' ? withWriteLog(store, new EmbeddedWriteLog()) : withoutWriteLog(store);
}

/**
 * the migration step: applies every pending migration and the raw retention to the configured store,
 * then closes it. returns the versions it applied (none when the schema was up to date).
 */
export async function migrateAnalyticsStore(config: AnalyticsConfig): Promise<number[]> {
  const store = openStore(config);
  try {
    const applied = await store.migrate();
    await store.applyRetention(config.rawRetentionDays);
    return applied;
  } finally {
    await store.close();
  }
}

function modeOf(config: AnalyticsConfig): AnalyticsMode {
  return { queue: config.redisUrl ? 'bullmq' : 'sqlite', store: config.clickhouseUrl ? 'http' : 'chdb' };
}

export interface AnalyticsMode {
  queue: 'bullmq' | 'sqlite';
  store: 'http' | 'chdb';
}

/** the producer side of the configured queue; the embedded queue also wakes an in-process consumer */
function openQueue(
  config: AnalyticsConfig,
  sqlite: () => SqliteQueueDatabase,
): { queue: EventQueue; sqliteQueue: SqliteEventQueue | null } {
  if (config.redisUrl) {
    return {
      queue: new BullmqEventQueue(bullmqOptions({ ...config, redisUrl: config.redisUrl })),
      sqliteQueue: null,
    };
  }
  const sqliteQueue = new SqliteEventQueue(sqlite());
  return { queue: sqliteQueue, sqliteQueue };
}

interface RunningConsumer {
  processedEvents(): number;
}

/** the worker loop: enrichment, one insert per batch, erases; consumes until closers run */
async function startConsumer(
  config: AnalyticsConfig,
  logger: AnalyticsLogger,
  store: EventWriter & EventEraser,
  sqliteQueue: SqliteEventQueue | null,
  sqlite: () => SqliteQueueDatabase,
  closers: Closers,
  metrics: AnalyticsMetrics,
): Promise<RunningConsumer> {
  const salts: SaltStore = config.redisUrl
    ? new RedisSaltStore(config.redisUrl, config.redisPrefix)
    : new SqliteSaltStore(sqlite());
  closers.add(() => salts.close());
  const enricher = new EventEnricher(
    await GeoLookup.open(config.geoipDb),
    new UserAgentParser(),
    new VisitorHasher(salts),
    ownHostsOf(config.ownUrls),
  );
  const processor = new BatchProcessor(enricher, store, metrics);
  let processedEvents = 0;
  // one line a job, as the api writes one a request: a batch's id (its job id), or the erased profile
  const jobDone = (job: string, jobId: string, rows: number, started: number) =>
    logger.record?.(
      { job, jobId, rows, ms: Math.round((performance.now() - started) * 10) / 10 },
      'job done',
    );
  const handlers: JobHandlers = buildJobHandlers([
    {
      name: 'analytics.ingest-batch',
      handler: async (batch: Parameters<JobHandlers['analytics.ingest-batch']>[0]) => {
        const started = performance.now();
        // read after the await: batches run concurrently, `processedEvents += await ...` would lose some
        const rows = await processor.process(batch);
        processedEvents += rows;
        jobDone('analytics.ingest-batch', batch.id, rows, started);
      },
    },
    {
      name: 'analytics.erase-profile',
      handler: async (erasure: Parameters<JobHandlers['analytics.erase-profile']>[0]) => {
        const started = performance.now();
        await processor.erase(erasure.profileId);
        jobDone('analytics.erase-profile', erasure.profileId, 0, started);
      },
    },
  ]);
  let consumer: EventConsumer;
  if (config.redisUrl) {
    consumer = new BullmqEventConsumer(bullmqOptions({ ...config, redisUrl: config.redisUrl }), logger);
  } else if (sqliteQueue) {
    consumer = new SqliteEventConsumer(
      sqlite(),
      sqliteQueue,
      {
        ...DEFAULT_SQLITE_QUEUE_OPTIONS,
        file: config.sqliteFile,
        attempts: config.attempts,
        backoffMs: config.backoffMs,
        ipMaxAgeMs: config.ipMaxAgeMs,
        ipSweepMs: config.ipSweepMs,
        insertIntervalMs: config.insertIntervalMs,
      },
      logger,
    );
  } else {
    throw new Error('the embedded worker needs the embedded queue');
  }
  // closed first (closers run in reverse): it finishes the batch in hand before the store goes
  closers.add(() => consumer.close());
  await consumer.start(async (job) => {
    try {
      await runJob(handlers, job);
    } catch (err) {
      metrics.jobFailed(job.name);
      throw err;
    }
  });
  return { processedEvents: () => processedEvents };
}

/** the sqlite file of the embedded queue and salts, opened on first use and closed last */
function lazySqlite(config: AnalyticsConfig, closers: Closers): () => SqliteQueueDatabase {
  let database: SqliteQueueDatabase | null = null;
  closers.add(() => database?.close());
  return () => {
    database ??= new SqliteQueueDatabase(config.sqliteFile);
    return database;
  };
}

/** analytics as the api uses it: records events, reads the dashboard's figures, queues erases */
export interface ApiAnalytics {
  readonly mode: AnalyticsMode;
  readonly reader: AnalyticsReadService;
  readonly store: AnalyticsStore;
  readonly queue: EventQueue;
  /** records an event without waiting; see EventBuffer */
  track(event: AnalyticsEvent): void;
  /**
   * erases a profile's analytics through the durable queue: retried with backoff like a batch, and
   * never undone by a batch of the profile still queued (see BatchProcessor). throws when the queue
   * does not take it.
   */
  eraseProfile(profileId: string): Promise<void>;
  flush(): Promise<void>;
  stats(): { buffer: ReturnType<EventBuffer['getStats']>; processedEvents: number };
  /** what waits in the queue (every process of a deployment sees the same queue) */
  depth(): Promise<QueueDepth>;
  /** the pipeline as readiness reports it: backlog, age of the last insert, journal, disk */
  readiness(): Promise<PipelineReport>;
  /** flushes the buffer, lets an embedded worker finish its batch, then closes every connection */
  close(): Promise<void>;
}

/** the name the api's modules know it by */
export type AnalyticsRuntime = ApiAnalytics;

/**
 * the api's analytics: the read side (store and read service) and the write side (queue and buffer)
 * composed apart, so either can change alone. embeddedWorker: the worker loop runs in this process too
 * (the embedded mode, no REDIS_URL).
 */
export async function startApiAnalytics(
  config: AnalyticsConfig,
  logger: AnalyticsLogger,
  options: { embeddedWorker: boolean } & AnalyticsOptions,
): Promise<ApiAnalytics> {
  const metrics = options.metrics ?? NO_ANALYTICS_METRICS;
  const closers = new Closers();
  try {
    const sqlite = lazySqlite(config, closers);
    const store = withRecentWrites(await openAnalyticsStore(config));
    closers.add(() => store.close());
    const reader = new AnalyticsReadService(store, store);
    const { queue, sqliteQueue } = openQueue(config, sqlite);
    closers.add(() => queue.close());
    const worker = options.embeddedWorker
      ? await startConsumer(config, logger, store, sqliteQueue, sqlite, closers, metrics)
      : null;
    // with redis the queue is another machine: what it cannot take is spilled to a file of this one.
    // embedded, the queue is already a file here; a second one on the same disk would not help
    let journal: SqliteBatchJournal | null = null;
    if (config.redisUrl) {
      const opened = new SqliteBatchJournal(config.journalFile);
      journal = opened;
      closers.add(() => opened.close());
    }
    const buffer = new EventBuffer(queue, config.buffer, logger, journal);
    closers.add(() => buffer.close());
    const since = Date.now();
    const readiness = async (): Promise<PipelineReport> => {
      const [progress, disk] = await Promise.all([
        queue.progress().catch((err: unknown) => (err instanceof Error ? err : new Error(String(err)))),
        freeBytesOf(config.dataDir).then(
          (freeBytes) => ({ dir: config.dataDir, freeBytes }),
          (err: unknown) => (err instanceof Error ? err : new Error(String(err))),
        ),
      ]);
      const stats = buffer.getStats();
      return assessPipeline(
        {
          now: Date.now(),
          since,
          buffered: stats.buffered,
          progress,
          journal: journal?.current() ?? null,
          queueDown: buffer.queueDown(),
          disk,
        },
        config.readiness,
      );
    };
    return {
      mode: modeOf(config),
      reader,
      store,
      queue,
      track: (event) => {
        metrics.eventRecorded(event.type);
        buffer.push(event);
      },
      eraseProfile: async (profileId) => {
        await queue.enqueueErase({ profileId });
        reader.forget(profileId);
      },
      flush: () => buffer.flush(),
      stats: () => ({ buffer: buffer.getStats(), processedEvents: worker?.processedEvents() ?? 0 }),
      depth: () => queue.depth(),
      readiness,
      close: () => closers.close(),
    };
  } catch (err) {
    await closers.close().catch(() => undefined);
    throw err;
  }
}

/** the cluster's worker: consumes the queue into the store; no buffer, no reads */
export interface WorkerAnalytics {
  readonly mode: AnalyticsMode;
  stats(): { processedEvents: number };
  /** what waits in the queue */
  depth(): Promise<QueueDepth>;
  /** lets the worker finish its batches in hand, then closes every connection */
  close(): Promise<void>;
}

export async function startWorkerAnalytics(
  config: AnalyticsConfig,
  logger: AnalyticsLogger,
  options: AnalyticsOptions = {},
): Promise<WorkerAnalytics> {
  const closers = new Closers();
  try {
    const sqlite = lazySqlite(config, closers);
    const store = withRecentWrites(await openAnalyticsStore(config));
    closers.add(() => store.close());
    const { queue, sqliteQueue } = openQueue(config, sqlite);
    closers.add(() => queue.close());
    const worker = await startConsumer(
      config,
      logger,
      store,
      sqliteQueue,
      sqlite,
      closers,
      options.metrics ?? NO_ANALYTICS_METRICS,
    );
    return {
      mode: modeOf(config),
      stats: () => ({ processedEvents: worker.processedEvents() }),
      depth: () => queue.depth(),
      close: () => closers.close(),
    };
  } catch (err) {
    await closers.close().catch(() => undefined);
    throw err;
  }
}
