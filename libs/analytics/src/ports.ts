import type { EventRows } from './enrichment/event-rows';
import type { DayEventRow, EventBatch, StoredEvent, VisitRow } from './events';

// defined with the events, which the row writer builds; named here too, where the store's reads use them
export type { DayEventRow, VisitRow } from './events';
import type { AnalyticsJob, ProfileErasure } from './jobs';

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

export interface TimeRange {
  from: Date;
  to: Date;
}

export type Granularity = 'hour' | 'day';

export interface CountRow {
  key: string;
  count: number;
}

export interface SeriesRow {
  /** bucket start */
  bucket: Date;
  visits: number;
  uniqueVisitors: number;
}

/** one event type's figures over a range */
export interface TypeFigures {
  type: string;
  events: number;
  /** events of signed-in visitors */
  authenticated: number;
  /** distinct visitors with this type of event */
  visitors: number;
}

/** the funnel's steps, each the distinct visitors who did any of its event types */
export const FUNNEL_STEPS = {
  viewed: ['view'],
  saved_or_shared: ['vcard_saved', 'shared'],
  clicked: ['link_clicked', 'email_clicked', 'call_clicked'],
  messaged: ['message_sent'],
} as const;
export type FunnelStepName = keyof typeof FUNNEL_STEPS;

export interface RangeFigures {
  byType: TypeFigures[];
  /** distinct visitors per funnel step */
  stepVisitors: Record<FunnelStepName, number>;
}

export type BreakdownDimension = 'country' | 'device' | 'referrer_host' | 'channel' | 'link';

/** views by country, device, referrer host and channel; link clicks by target */
export interface BreakdownRow {
  dimension: BreakdownDimension;
  /** '' : unknown or direct */
  value: string;
  count: number;
}

/** one UTC day's figures of one part of a range; visitor ids are per card and UTC day, so the
 * distinct visitors of different days add up */
export interface DayFigures {
  byType: Array<{ type: string; events: number; authenticated: number }>;
  stepVisitors: Record<FunnelStepName, number>;
  breakdowns: BreakdownRow[];
}

export interface LiveFigures {
  visits: number;
  visitors: number;
}

export interface VisitCursor {
  ts: Date;
  id: string;
}

/** the analytics store: inserts and the queries behind the dashboard */
export interface AnalyticsStore {
  /** whether the store runs queries at once (a server) or one at a time (the embedded engine) */
  readonly parallelQueries: boolean;
  /** applies pending migrations and returns their versions; safe to call on every start */
  migrate(): Promise<number[]>;
  /**
   * one insert; a repeated batch id stores the rows once. throws so the queue retries. the rows as
   * the enricher writes them (EventRows), or as objects
   */
  insertEvents(batchId: string, rows: EventRows | readonly StoredEvent[]): Promise<void>;
  /** events, signed-in events and distinct visitors per type, and distinct visitors per funnel step */
  figures(profileId: string, range: TimeRange): Promise<RangeFigures>;
  /** the top 100 values of every breakdown dimension, most first */
  breakdowns(profileId: string, range: TimeRange): Promise<BreakdownRow[]>;
  /** views and distinct visitors per bucket */
  series(profileId: string, range: TimeRange, granularity: Granularity): Promise<SeriesRow[]>;
  /** views, newest first, strictly after the cursor */
  visits(profileId: string, range: TimeRange, limit: number, after: VisitCursor | null): Promise<VisitRow[]>;
  /**
   * the figures of each segment (disjoint ranges), per UTC day, in one query: segment index, then
   * day (YYYY-MM-DD)
   */
  dailyFigures(profileId: string, segments: TimeRange[]): Promise<Map<number, Map<string, DayFigures>>>;
  /**
   * a card's raw events in each of these disjoint ranges (both ends included), oldest first. a range
   * with more than `limit` events comes back with `limit + 1`, so the caller can tell it was cut.
   */
  rawEvents(profileId: string, ranges: TimeRange[], limit: number): Promise<DayEventRow[][]>;
  /** raw events older than this may be gone (the retention); null while they are kept for ever */
  rawKeptSince(): Date | null;
  /**
   * a number that changes whenever this store has written or erased the card's events, for a store
   * that sees every write made to it (the embedded engine, which one process holds); null where other
   * processes write too. what was read at one version is still true at the same version, also while
   * the next write runs (that write is not done).
   */
  writeVersion(profileId: string): number | null;
  /** whether a write of the card is under way: a read meanwhile may hold part of it, so it is not kept */
  writing(profileId: string): boolean;
  /**
   * the raw events written for the card after a version, oldest write first, where the store still
   * holds them (the last few writes of the last minute); null when it does not, or when a write since
   * was an erase or an insert that failed (what it stored is not known)
   */
  writtenSince(profileId: string, version: number): DayEventRow[] | null;
  /** the views among them, as the visit list shows them, on the same terms */
  viewsWrittenSince(profileId: string, version: number): VisitRow[] | null;
  /** views and distinct visitors from the raw events since a moment */
  live(profileId: string, since: Date): Promise<LiveFigures>;
  /** erases a profile's raw events and its rollups */
  deleteProfileEvents(profileId: string): Promise<void>;
  /** how long raw events are kept, in days (null: for ever); the rollups keep the totals */
  applyRetention(days: number | null): Promise<void>;
  /** marks a profile erased, for good (profile ids are never reused) */
  recordErasure(profileId: string): Promise<void>;
  /** which of these profiles were erased */
  erasedAmong(profileIds: string[]): Promise<Set<string>>;
  ping(): Promise<void>;
  close(): Promise<void>;
}
