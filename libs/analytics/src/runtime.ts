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
import { EventBuffer } from './producer/event-buffer';
import { SqliteBatchJournal } from './adapters/sqlite-journal/sqlite-batch-journal';
import { assessPipeline, freeBytesOf, type PipelineReport } from './health/pipeline-readiness';
import { AnalyticsReadService } from './read/analytics-read.service';
import type { AnalyticsConfig, RedisQueueConfig } from './config';

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

function bullmqOptions(queue: RedisQueueConfig): BullmqOptions {
  return {
    ...DEFAULT_BULLMQ_OPTIONS,
    redisUrl: queue.redisUrl,
    prefix: queue.prefix,
    queueName: queue.queueName,
    attempts: queue.attempts,
    backoffMs: queue.backoffMs,
    concurrency: queue.concurrency,
    lockDurationMs: queue.lockDurationMs,
    stalledIntervalMs: queue.stalledIntervalMs,
    ipMaxAgeMs: queue.ipMaxAgeMs,
    ipSweepMs: queue.ipSweepMs,
  };
}

/** the dead letters of the configured queue, for an operator's replay; close it when done */
export function openDeadLetters(config: AnalyticsConfig): DeadLetters {
  if (config.queue.kind === 'redis') return new BullmqDeadLetters(bullmqOptions(config.queue));
  const database = new SqliteQueueDatabase(config.queue.sqliteFile);
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
    transport:
      config.store.kind === 'http'
        ? {
            kind: 'http',
            url: config.store.url,
            database: config.store.database,
            username: config.store.user,
            password: config.store.password,
          }
        : { kind: 'chdb', path: config.store.dataDir },
    migrationsDir: config.store.migrationsDir,
  });
}

/**
 * opens ClickHouse (a server over http, else chdb). with migrateAtStart it applies the pending
 * migrations and the raw retention; without, it refuses a store that still has migrations pending.
 */
export async function openAnalyticsStore(config: AnalyticsConfig): Promise<ClickHouseAnalyticsStore> {
  const store = openStore(config);
  try {
    if (config.store.migrateAtStart) {
      await store.migrate();
      await store.applyRetention(config.store.rawRetentionDays);
    } else {
      const pending = await store.pendingMigrations();
      if (pending.length > 0) {
        throw new Error(
          `the ClickHouse schema is behind: migration ${pending.join(', ')} not applied; run \`npm run migrate\` (the cluster's migrate service) first`,
        );
      }
      store.keepRetention(config.store.rawRetentionDays);
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
    await store.applyRetention(config.store.rawRetentionDays);
    return applied;
  } finally {
    await store.close();
  }
}

function modeOf(config: AnalyticsConfig): AnalyticsMode {
  return { queue: config.queue.kind === 'redis' ? 'bullmq' : 'sqlite', store: config.store.kind };
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
  if (config.queue.kind === 'redis') {
    return { queue: new BullmqEventQueue(bullmqOptions(config.queue)), sqliteQueue: null };
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
  const salts: SaltStore =
    config.queue.kind === 'redis'
      ? new RedisSaltStore(config.queue.redisUrl, config.queue.prefix)
      : new SqliteSaltStore(sqlite());
  closers.add(() => salts.close());
  const enricher = new EventEnricher(
    await GeoLookup.open(config.enrichment.geoipDb),
    new UserAgentParser(),
    new VisitorHasher(salts),
    ownHostsOf(config.enrichment.ownUrls),
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
  if (config.queue.kind === 'redis') {
    consumer = new BullmqEventConsumer(bullmqOptions(config.queue), logger);
  } else if (sqliteQueue) {
    consumer = new SqliteEventConsumer(
      sqlite(),
      sqliteQueue,
      {
        ...DEFAULT_SQLITE_QUEUE_OPTIONS,
        file: config.queue.sqliteFile,
        attempts: config.queue.attempts,
        backoffMs: config.queue.backoffMs,
        ipMaxAgeMs: config.queue.ipMaxAgeMs,
        ipSweepMs: config.queue.ipSweepMs,
        insertIntervalMs: config.queue.insertIntervalMs,
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
    if (config.queue.kind !== 'embedded') throw new Error('only the embedded queue has a sqlite file');
    database ??= new SqliteQueueDatabase(config.queue.sqliteFile);
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
    if (config.queue.kind === 'redis') {
      const opened = new SqliteBatchJournal(config.queue.journalFile);
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
