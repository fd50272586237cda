import { IP_MAX_AGE_MS } from '../../events';

export interface SqliteQueueOptions {
  /** the embedded data file the rest of the app uses, opened by @cardcraft/storage's one opener */
  file: string;
  attempts: number;
  backoffMs: number;
  /** how often an idle consumer looks for due retries */
  pollMs: number;
  /** a batch that failed (retrying or dead) loses its raw ips once queued this long */
  ipMaxAgeMs: number;
  /** how often the consumer looks for such batches */
  ipSweepMs: number;
  /** the consumer inserts the batches waiting together, up to this many events in one insert */
  maxGroupEvents: number;
  /**
   * the least time from one insert of events to the next. every insert makes a new part in the events
   * table and in each rollup, and the store merges each new part into the month's part, rewriting it:
   * at one insert per producer flush the store spent its cpu on those merges. the batches that
   * arrive meanwhile wait in the queue file (nothing is lost on a crash) and go in one insert. a group
   * that reached maxGroupEvents with more due behind it is followed at once: its part is already as
   * large as spacing would make it, and waiting would cap the store at one group a second.
   */
  insertIntervalMs: number;
}

export const DEFAULT_SQLITE_QUEUE_OPTIONS: Omit<SqliteQueueOptions, 'file'> = {
  attempts: 8,
  backoffMs: 1000,
  pollMs: 500,
  ipMaxAgeMs: IP_MAX_AGE_MS,
  ipSweepMs: 3_600_000,
  maxGroupEvents: 20_000,
  insertIntervalMs: 1000,
};
