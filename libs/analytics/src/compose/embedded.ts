import {
  DEFAULT_SQLITE_QUEUE_OPTIONS,
  SqliteDeadLetters,
  SqliteEventConsumer,
  SqliteEventQueue,
  SqliteQueueDatabase,
  SqliteSaltStore,
} from '../adapters/sqlite-queue';
import type { AnalyticsConfig, EmbeddedQueueConfig } from '../config';
import { NO_ANALYTICS_METRICS, type AnalyticsMetrics, type AnalyticsStore, type DeadLetters } from '../ports';
import { apiSide } from './api-side';
import { composing, type Closers } from './closers';
import type {
  AnalyticsLogger,
  AnalyticsMode,
  AnalyticsOptions,
  ApiAnalytics,
  ApiAnalyticsOptions,
  WorkerAnalytics,
} from './process-analytics';
import { openProcessStore } from './store';
import { startWorkerLoop, workerAnalytics, type RunningConsumer } from './worker-loop';

/**
 * the embedded mode (no REDIS_URL): one process. the durable queue and the salts are in the sqlite
 * file, the worker loop runs beside the api, and the store is chdb here (with its write log) unless
 * CLICKHOUSE_URL names a server.
 */
export type EmbeddedConfig = AnalyticsConfig<EmbeddedQueueConfig>;

interface EmbeddedParts {
  store: AnalyticsStore;
  database: SqliteQueueDatabase;
  queue: SqliteEventQueue;
}

function modeOf(config: EmbeddedConfig): AnalyticsMode {
  return { queue: 'sqlite', store: config.store.kind };
}

/** the store, then the sqlite file and the queue in it */
async function openParts(config: EmbeddedConfig, closers: Closers): Promise<EmbeddedParts> {
  // the file is opened after the store but closed after everything: the queue, the salts and the
  // consumer all use it
  let database: SqliteQueueDatabase | null = null;
  closers.add(() => database?.close());
  const store = await openProcessStore(config, closers);
  database = new SqliteQueueDatabase(config.queue.sqliteFile);
  const queue = new SqliteEventQueue(database);
  closers.add(() => queue.close());
  return { store, database, queue };
}

/** the in-process consumer; the queue it was given wakes it when batches arrive */
function startLoop(
  config: EmbeddedConfig,
  { store, database, queue }: EmbeddedParts,
  logger: AnalyticsLogger,
  metrics: AnalyticsMetrics,
  closers: Closers,
): Promise<RunningConsumer> {
  const { sqliteFile, attempts, backoffMs, ipMaxAgeMs, ipSweepMs, insertIntervalMs } = config.queue;
  return startWorkerLoop({
    enrichment: config.enrichment,
    store,
    openSalts: () => new SqliteSaltStore(database),
    openConsumer: () =>
      new SqliteEventConsumer(
        database,
        queue,
        {
          ...DEFAULT_SQLITE_QUEUE_OPTIONS,
          file: sqliteFile,
          attempts,
          backoffMs,
          ipMaxAgeMs,
          ipSweepMs,
          insertIntervalMs,
        },
        logger,
      ),
    logger,
    metrics,
    closers,
  });
}

/** the api in the embedded mode; the worker loop too with embeddedWorker */
export function startEmbeddedApi(
  config: EmbeddedConfig,
  logger: AnalyticsLogger,
  options: ApiAnalyticsOptions,
): Promise<ApiAnalytics> {
  const metrics = options.metrics ?? NO_ANALYTICS_METRICS;
  return composing(async (closers) => {
    const parts = await openParts(config, closers);
    const worker = options.embeddedWorker ? await startLoop(config, parts, logger, metrics, closers) : null;
    // no journal: the queue is already a file here, a second one on the same disk would not help
    const { store, queue } = parts;
    return apiSide({
      salts: new SqliteSaltStore(parts.database),
      config,
      mode: modeOf(config),
      store,
      queue,
      journal: null,
      worker,
      logger,
      metrics,
      closers,
    });
  });
}

/** the worker loop alone on the sqlite queue */
export function startEmbeddedWorker(
  config: EmbeddedConfig,
  logger: AnalyticsLogger,
  options: AnalyticsOptions,
): Promise<WorkerAnalytics> {
  return composing(async (closers) => {
    const parts = await openParts(config, closers);
    const metrics = options.metrics ?? NO_ANALYTICS_METRICS;
    const worker = await startLoop(config, parts, logger, metrics, closers);
    return workerAnalytics(modeOf(config), parts.queue, worker, closers);
  });
}

/** the dead letters in the sqlite file, closed with it */
export function openEmbeddedDeadLetters(queue: EmbeddedQueueConfig): DeadLetters {
  const database = new SqliteQueueDatabase(queue.sqliteFile);
  const letters = new SqliteDeadLetters(database);
  return {
    count: () => letters.count(),
    replay: () => letters.replay(),
    close: async () => database.close(),
  };
}
