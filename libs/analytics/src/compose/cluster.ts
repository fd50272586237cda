import {
  BullmqDeadLetters,
  BullmqEventConsumer,
  BullmqEventQueue,
  DEFAULT_BULLMQ_OPTIONS,
  type BullmqOptions,
} from '../adapters/bullmq';
import { RedisSaltStore } from '../adapters/redis/redis-salt-store';
import { SqliteBatchJournal } from '../adapters/sqlite-journal/sqlite-batch-journal';
import type { AnalyticsConfig, RedisQueueConfig } from '../config';
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
 * the cluster (REDIS_URL): the api processes produce onto the bullmq queue and read the ClickHouse
 * server; apps/worker processes consume the queue into it. the salts are in redis, shared by them all.
 */
export type ClusterConfig = AnalyticsConfig<RedisQueueConfig>;

interface ClusterParts {
  store: AnalyticsStore;
  queue: BullmqEventQueue;
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

function modeOf(config: ClusterConfig): AnalyticsMode {
  return { queue: 'bullmq', store: config.store.kind };
}

/** the store, then the producer side of the queue */
async function openParts(config: ClusterConfig, closers: Closers): Promise<ClusterParts> {
  const store = await openProcessStore(config, closers);
  const queue = new BullmqEventQueue(bullmqOptions(config.queue));
  closers.add(() => queue.close());
  return { store, queue };
}

function startLoop(
  config: ClusterConfig,
  { store }: ClusterParts,
  logger: AnalyticsLogger,
  metrics: AnalyticsMetrics,
  closers: Closers,
): Promise<RunningConsumer> {
  return startWorkerLoop({
    enrichment: config.enrichment,
    store,
    openSalts: () => new RedisSaltStore(config.queue.redisUrl, config.queue.prefix),
    openConsumer: () => new BullmqEventConsumer(bullmqOptions(config.queue), logger),
    logger,
    metrics,
    closers,
  });
}

/** an api process of the cluster; with embeddedWorker it consumes the queue as well */
export function startClusterApi(
  config: ClusterConfig,
  logger: AnalyticsLogger,
  options: ApiAnalyticsOptions,
): Promise<ApiAnalytics> {
  const metrics = options.metrics ?? NO_ANALYTICS_METRICS;
  return composing(async (closers) => {
    const parts = await openParts(config, closers);
    const worker = options.embeddedWorker ? await startLoop(config, parts, logger, metrics, closers) : null;
    // the queue is another machine: what it cannot take is spilled to a file of this one
    const journal = new SqliteBatchJournal(config.queue.journalFile);
    closers.add(() => journal.close());
    // the same salts in redis the workers hash with, for a request's visitor key
    const salts = new RedisSaltStore(config.queue.redisUrl, config.queue.prefix);
    closers.add(() => salts.close());
    const { store, queue } = parts;
    return apiSide({
      config,
      mode: modeOf(config),
      store,
      queue,
      journal,
      worker,
      salts,
      logger,
      metrics,
      closers,
    });
  });
}

/** a worker process of the cluster: the consumer, no buffer, no reads */
export function startClusterWorker(
  config: ClusterConfig,
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

/** the dead letters of the bullmq queue */
export function openClusterDeadLetters(queue: RedisQueueConfig): DeadLetters {
  return new BullmqDeadLetters(bullmqOptions(queue));
}
