import type { EventBatch } from './events';
import type { AnalyticsJob, ProfileErasure } from './jobs';
import type {
  AnalyticsBackup,
  AnalyticsSchema,
  EventEraser,
  EventWriter,
  FiguresReader,
  RecentWrites,
  VisitorDayReader,
} from './store-ports';

// the store's ports, one per job, and the figures they answer
export * from './store-ports';

/** the producer side of the event queue */
export interface EventQueue {
  /** one round trip for all the batches; throws when the queue does not take them */
  enqueue(batches: EventBatch[]): Promise<void>;
  /** a profile's erase, retried with backoff like a batch; throws when the queue does not take it */
  enqueueErase(erasure: ProfileErasure): Promise<void>;
  /** throws when the queue's backing store does not answer */
  ping(): Promise<void>;
  /** what waits in the queue, for the metrics; throws when the backing store does not answer */
  depth(): Promise<QueueDepth>;
  /** how far the consumers are behind: what waits, and when a batch was last stored */
  progress(): Promise<QueueProgress>;
  close(): Promise<void>;
}

/** the queue's state: jobs by state and how long the oldest one not yet taken has waited */
export interface QueueDepth {
  /** ready to run, not yet taken by a worker */
  waiting: number;
  /** taken by a worker, running */
  active: number;
  /** failed a try, waiting for the backoff before the next */
  retrying: number;
  /** failed the last try: dead letters waiting for an operator's replay */
  dead: number;
  /** the age of the oldest waiting job in seconds; 0 when none waits */
  oldestAgeSeconds: number;
}

/**
 * what the analytics pipeline tells a process's metrics (its Prometheus adapter lives outside this
 * library); every call is cheap and never throws
 */
export interface AnalyticsMetrics {
  /** an event recorded by the api (handed to the producer buffer) */
  eventRecorded(type: string): void;
  /** one batch inserted: its rows and the insert's duration in seconds */
  batchInserted(rows: number, seconds: number): void;
  /** an insert that threw, and how long it took to */
  insertFailed(seconds: number): void;
  /** a job that failed a try (it is retried, or kept as a dead letter after its last) */
  jobFailed(job: string): void;
}

/** for a process without metrics */
export const NO_ANALYTICS_METRICS: AnalyticsMetrics = {
  eventRecorded: () => undefined,
  batchInserted: () => undefined,
  insertFailed: () => undefined,
  jobFailed: () => undefined,
};

export interface QueueProgress {
  /** jobs not yet done (waiting, retrying, in hand); dead letters are not counted */
  waiting: number;
  /** epoch ms of the last batch a consumer stored; null: none since this queue was opened */
  lastStoredAt: number | null;
}

export interface JournalSize {
  batches: number;
  events: number;
}

/**
 * where the producer spills batches the queue cannot take (it is unreachable), durably, until they
 * are handed over in the order they were written. every method throws when the file cannot be used.
 */
export interface BatchJournal {
  append(batches: EventBatch[]): void;
  /** the oldest batches, at most limit */
  peek(limit: number): EventBatch[];
  /** forgets batches the queue took */
  remove(batches: EventBatch[]): void;
  current(): JournalSize;
  close(): void;
}

/**
 * the consumer side: runs the handler for each job; a thrown error means retry later. a consumer may
 * hand batches that waited together over as one, under an id of its own: the batch then names the
 * first of them in firstBatchId
 */
export interface EventConsumer {
  start(handler: (job: AnalyticsJob) => Promise<void>): Promise<void>;
  /** finishes the jobs in hand, then stops; hands nothing over after */
  close(): Promise<void>;
  /**
   * the embedded consumer only: stops handing jobs over once the one in hand is settled (resolves
   * then), until resume(). the producer is not held
   */
  pause?(): Promise<void>;
  resume?(): void;
}

export interface DeadLetterReport {
  replayed: number;
}

/** where batches that failed their last try wait for an operator */
export interface DeadLetters {
  count(): Promise<number>;
  /** moves every dead batch back onto the queue */
  replay(): Promise<DeadLetterReport>;
  close(): Promise<void>;
}

/** daily random salts, shared by every process of a deployment */
export interface SaltStore {
  /** the salt of a utc day (YYYY-MM-DD), created on first use; deletes salts older than yesterday */
  saltFor(day: string): Promise<Buffer>;
  close(): Promise<void>;
}

/**
 * the whole analytics store as a process wires it: the repository's ports and, embedded, the write
 * log's. a consumer depends on the narrow ports it uses, not on this.
 */
export type AnalyticsStore = EventWriter &
  FiguresReader &
  VisitorDayReader &
  EventEraser &
  AnalyticsSchema &
  AnalyticsBackup &
  RecentWrites & {
    /** throws when the store does not answer */
    ping(): Promise<void>;
    close(): Promise<void>;
  };
