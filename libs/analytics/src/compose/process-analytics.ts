import type { AnalyticsEvent } from '../events';
import type { PipelineReport } from '../health/pipeline-readiness';
import type { AnalyticsMetrics, AnalyticsStore, EventQueue, QueueDepth } from '../ports';
import type { EventBuffer } from '../producer/event-buffer';
import type { AnalyticsReadService } from '../read/analytics-read.service';
import type { VisitorDaySignals, VisitorOfRequest } from '../read/visitor-day-signals';
import type { VisitorDay } from '../store-ports';

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

/** the api's options. embeddedWorker: the worker loop runs in this process too (the embedded mode) */
export type ApiAnalyticsOptions = { embeddedWorker: boolean } & AnalyticsOptions;

export interface AnalyticsMode {
  queue: 'bullmq' | 'sqlite';
  store: 'http' | 'chdb';
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
  /**
   * the day's visitor key of a request (the visitor_hash its events get), to find that visitor's
   * events of the day later; null where the card does not collect visitor addresses
   */
  visitorKey(visit: VisitorOfRequest): Promise<string | null>;
  /** what each visitor did on a card that day, in the order asked; throws when the store does not answer */
  visitorDaySignals(days: readonly VisitorDay[]): Promise<VisitorDaySignals[]>;
  flush(): Promise<void>;
  /**
   * runs `during` while this process's worker loop stores nothing (embedded: the loop runs here); the
   * visits go on being answered and queued. a backup's snapshots are taken meanwhile. throws where the
   * loop is another process's (the cluster)
   */
  whileIngestPaused<T>(during: () => Promise<T>): Promise<T>;
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

/** the cluster's worker: consumes the queue into the store; no buffer, no reads */
export interface WorkerAnalytics {
  readonly mode: AnalyticsMode;
  stats(): { processedEvents: number };
  /** what waits in the queue */
  depth(): Promise<QueueDepth>;
  /** lets the worker finish its batches in hand, then closes every connection */
  close(): Promise<void>;
}
