import type { AnalyticsConfig } from '../config';
import { assessPipeline, freeBytesOf, type PipelineReport } from '../health/pipeline-readiness';
import { VisitorHasher } from '../enrichment/visitor-id';
import type { AnalyticsMetrics, AnalyticsStore, BatchJournal, EventQueue, SaltStore } from '../ports';
import { EventBuffer } from '../producer/event-buffer';
import { AnalyticsReadService } from '../read/analytics-read.service';
import { readVisitorDaySignals, visitorKeyOf } from '../read/visitor-day-signals';
import type { Closers } from './closers';
import type { AnalyticsLogger, AnalyticsMode, ApiAnalytics } from './process-analytics';
import type { RunningConsumer } from './worker-loop';

/** what a composition opened for the api: the store, the queue, maybe a journal and a worker loop */
export interface ApiSideParts {
  config: AnalyticsConfig;
  mode: AnalyticsMode;
  store: AnalyticsStore;
  queue: EventQueue;
  /** where batches go that the queue cannot take; null where the queue is a file here already */
  journal: BatchJournal | null;
  worker: RunningConsumer | null;
  /** the daily salts the worker hashes visitors with, for a request's visitor key */
  salts: SaltStore;
  logger: AnalyticsLogger;
  metrics: AnalyticsMetrics;
  closers: Closers;
}

/**
 * the api's analytics over what either composition opened: the read side (the read service on the
 * store) and the write side (the buffer in front of the queue), apart, so either can change alone.
 * the buffer is closed first: it flushes onto the queue while the queue is still open.
 */
export function apiSide(parts: ApiSideParts): ApiAnalytics {
  const { config, store, queue, journal, worker, metrics, closers } = parts;
  const reader = new AnalyticsReadService(store, store);
  const hasher = new VisitorHasher(parts.salts);
  const buffer = new EventBuffer(queue, config.buffer, parts.logger, journal);
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
    mode: parts.mode,
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
    visitorKey: (visit) => visitorKeyOf(hasher, visit),
    visitorDaySignals: (days) => readVisitorDaySignals(store, days),
    flush: () => buffer.flush(),
    whileIngestPaused: (during) => {
      if (!worker) throw new Error('the analytics worker loop does not run in this process');
      return worker.whilePaused(during);
    },
    stats: () => ({ buffer: buffer.getStats(), processedEvents: worker?.processedEvents() ?? 0 }),
    depth: () => queue.depth(),
    readiness,
    close: () => closers.close(),
  };
}
