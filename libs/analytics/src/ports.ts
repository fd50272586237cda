import type { EventBatch, StoredEvent } from './events';
import type { AnalyticsJob, ProfileErasure } from './jobs';

/** the producer side of the event queue */
export interface EventQueue {
  /** one round trip for all the batches; throws when the queue does not take them */
  enqueue(batches: EventBatch[]): Promise<void>;
  /** a profile's erase, retried with backoff like a batch; throws when the queue does not take it */
  enqueueErase(erasure: ProfileErasure): Promise<void>;
  /** throws when the queue's backing store does not answer */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** the consumer side: runs the handler for each job; a thrown error means retry later */
export interface EventConsumer {
  start(handler: (job: AnalyticsJob) => Promise<void>): Promise<void>;
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

export interface SummaryTotals {
  totalVisits: number;
  uniqueVisitors: number;
  authenticatedVisits: number;
}

export interface VisitRow {
  id: string;
  ts: Date;
  /** set only where the owner shows identified visitors */
  userId: string | null;
  /** a signed-in visitor, named or not */
  authenticated: boolean;
  city: string | null;
  country: string | null;
  device: string | null;
  referrerHost: string | null;
}

export interface VisitCursor {
  ts: Date;
  id: string;
}

/** the analytics store: inserts and the queries behind the dashboard */
export interface AnalyticsStore {
  /** applies pending migrations; safe to call on every start */
  migrate(): Promise<void>;
  /** one insert; a repeated batch id stores the rows once. throws so the queue retries */
  insertEvents(batchId: string, rows: StoredEvent[]): Promise<void>;
  totals(profileId: string, range: TimeRange): Promise<SummaryTotals>;
  /** views by column, most first; an empty value ('' : unknown or direct) is a row of its own */
  visitsBy(
    profileId: string,
    range: TimeRange,
    column: 'country' | 'device' | 'referrer_host',
  ): Promise<CountRow[]>;
  /** counts of every event type but views */
  engagement(profileId: string, range: TimeRange): Promise<CountRow[]>;
  series(profileId: string, range: TimeRange, granularity: Granularity): Promise<SeriesRow[]>;
  /** views, newest first, strictly after the cursor */
  visits(profileId: string, range: TimeRange, limit: number, after: VisitCursor | null): Promise<VisitRow[]>;
  deleteProfileEvents(profileId: string): Promise<void>;
  /** marks a profile erased, for good (profile ids are never reused) */
  recordErasure(profileId: string): Promise<void>;
  /** which of these profiles were erased */
  erasedAmong(profileIds: string[]): Promise<Set<string>>;
  ping(): Promise<void>;
  close(): Promise<void>;
}
