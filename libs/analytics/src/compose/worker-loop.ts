import { performance } from 'node:perf_hooks';
import type { AnalyticsConfig } from '../config';
import { EventEnricher } from '../enrichment/enricher';
import { GeoLookup } from '../enrichment/geo';
import { ownHostsOf } from '../enrichment/referrer';
import { UserAgentParser } from '../enrichment/user-agent';
import { VisitorHasher } from '../enrichment/visitor-id';
import { BatchProcessor } from '../ingest/batch-processor';
import { buildJobHandlers, runJob, type JobHandlers } from '../jobs';
import type {
  AnalyticsMetrics,
  EventConsumer,
  EventEraser,
  EventQueue,
  EventWriter,
  SaltStore,
} from '../ports';
import type { Closers } from './closers';
import type { AnalyticsLogger, AnalyticsMode, WorkerAnalytics } from './process-analytics';

export interface RunningConsumer {
  processedEvents(): number;
  /**
   * runs `during` while the loop hands no job to the store (the job in hand settled first); the
   * queue goes on taking batches. throws when the consumer cannot pause (the cluster's)
   */
  whilePaused<T>(during: () => Promise<T>): Promise<T>;
}

/** what the loop runs on; the salts and the consumer are the queue's own, opened by the loop in turn */
export interface WorkerLoopParts {
  enrichment: AnalyticsConfig['enrichment'];
  store: EventWriter & EventEraser;
  openSalts(): SaltStore;
  openConsumer(): EventConsumer;
  logger: AnalyticsLogger;
  metrics: AnalyticsMetrics;
  closers: Closers;
}

/** the worker loop: enrichment, one insert per batch, erases; consumes until the closers run */
export async function startWorkerLoop(parts: WorkerLoopParts): Promise<RunningConsumer> {
  const { logger, metrics, closers } = parts;
  const salts = parts.openSalts();
  closers.add(() => salts.close());
  const enricher = new EventEnricher(
    await GeoLookup.open(parts.enrichment.geoipDb),
    new UserAgentParser(),
    new VisitorHasher(salts),
    ownHostsOf(parts.enrichment.ownUrls),
  );
  const processor = new BatchProcessor(enricher, parts.store, metrics);
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
  const consumer = parts.openConsumer();
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
  return {
    processedEvents: () => processedEvents,
    whilePaused: async (during) => {
      if (!consumer.pause || !consumer.resume) throw new Error('this queue consumer cannot pause');
      await consumer.pause();
      try {
        return await during();
      } finally {
        consumer.resume();
      }
    },
  };
}

/** a worker process's hold on its running loop, the same in both modes */
export function workerAnalytics(
  mode: AnalyticsMode,
  queue: Pick<EventQueue, 'depth'>,
  worker: RunningConsumer,
  closers: Closers,
): WorkerAnalytics {
  return {
    mode,
    stats: () => ({ processedEvents: worker.processedEvents() }),
    depth: () => queue.depth(),
    close: () => closers.close(),
  };
}
