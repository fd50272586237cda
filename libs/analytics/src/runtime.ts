// analytics as each process composes it: the queue's kind picks the composition once, embedded
// (compose/embedded.ts) or cluster (compose/cluster.ts); what both share is beside them in compose/
import type { AnalyticsConfig } from './config';
import { openClusterDeadLetters, startClusterApi, startClusterWorker } from './compose/cluster';
import { openEmbeddedDeadLetters, startEmbeddedApi, startEmbeddedWorker } from './compose/embedded';
import type {
  AnalyticsLogger,
  AnalyticsOptions,
  ApiAnalytics,
  ApiAnalyticsOptions,
  WorkerAnalytics,
} from './compose/process-analytics';
import type { DeadLetters } from './ports';

export type {
  AnalyticsLogger,
  AnalyticsMode,
  AnalyticsOptions,
  AnalyticsRuntime,
  ApiAnalytics,
  ApiAnalyticsOptions,
  WorkerAnalytics,
} from './compose/process-analytics';
export { migrateAnalyticsFiles } from './compose/sqlite-files';
export {
  checkAnalyticsSchema,
  knownAnalyticsMigrations,
  migrateAnalyticsStore,
  openAnalyticsStore,
  openAnalyticsStoreAsIs,
  restoreAnalyticsStore,
  type RestoredAnalytics,
} from './compose/store';
export type { DroppedBatches } from './adapters/sqlite-queue/restored-queue';
export { QUEUE_SNAPSHOT_QUERIES } from './adapters/sqlite-queue/queue-snapshot';

/**
 * the api's analytics: the read side (store and read service) and the write side (queue and buffer)
 * composed apart, so either can change alone. embeddedWorker: the worker loop runs in this process too
 * (the embedded mode, no REDIS_URL).
 */
export function startApiAnalytics(
  config: AnalyticsConfig,
  logger: AnalyticsLogger,
  options: ApiAnalyticsOptions,
): Promise<ApiAnalytics> {
  const { queue } = config;
  return queue.kind === 'redis'
    ? startClusterApi({ ...config, queue }, logger, options)
    : startEmbeddedApi({ ...config, queue }, logger, options);
}

/** the worker loop alone: the cluster's worker process (or the embedded queue's consumer, for tools) */
export function startWorkerAnalytics(
  config: AnalyticsConfig,
  logger: AnalyticsLogger,
  options: AnalyticsOptions = {},
): Promise<WorkerAnalytics> {
  const { queue } = config;
  return queue.kind === 'redis'
    ? startClusterWorker({ ...config, queue }, logger, options)
    : startEmbeddedWorker({ ...config, queue }, logger, options);
}

/** the dead letters of the configured queue, for an operator's replay; close it when done */
export function openDeadLetters(config: AnalyticsConfig): DeadLetters {
  return config.queue.kind === 'redis'
    ? openClusterDeadLetters(config.queue)
    : openEmbeddedDeadLetters(config.queue);
}
