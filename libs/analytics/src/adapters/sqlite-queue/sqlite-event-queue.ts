import type { SqliteStatement } from '@cardcraft/storage';
import { encodeQueuedBatch, type EventBatch } from '../../events';
import { eraseJobId, type ProfileErasure } from '../../jobs';
import type { EventQueue, QueueDepth, QueueProgress } from '../../ports';
import { ERASE, INGEST } from './job-names';
import type { SqliteQueueDatabase } from './sqlite-queue-database';

/** the producer: batches and erases become rows of the queue table, in one transaction per call */
export class SqliteEventQueue implements EventQueue {
  private readonly insert: SqliteStatement;
  private listener: (() => void) | null = null;
  private lastStoredAt: number | null = null;

  constructor(private readonly database: SqliteQueueDatabase) {
    this.insert = database.db.prepare(
      `INSERT OR IGNORE INTO analytics_queue (batch_id, job, payload, attempts, available_at, created_at)
       VALUES (?, ?, ?, 0, ?, ?)`,
    );
  }

  /** the consumer of the same process is woken at once */
  onEnqueued(listener: () => void): void {
    this.listener = listener;
  }

  async enqueue(batches: EventBatch[]): Promise<void> {
    const now = Date.now();
    const addAll = this.database.db.transaction((items: EventBatch[]) => {
      // the compact shape: parseEventBatch reads it and the keyed one queued by earlier versions
      for (const batch of items) this.insert.run(batch.id, INGEST, encodeQueuedBatch(batch), now, now);
    });
    addAll(batches);
    this.listener?.();
  }

  async enqueueErase(erasure: ProfileErasure): Promise<void> {
    const now = Date.now();
    this.insert.run(eraseJobId(erasure.profileId), ERASE, JSON.stringify(erasure), now, now);
    this.listener?.();
  }

  async ping(): Promise<void> {
    this.database.db.prepare('SELECT 1').get();
  }

  async depth(): Promise<QueueDepth> {
    const now = Date.now();
    // a job that failed a try has attempts > 0 and waits for available_at; the running one is not
    // marked in the file, so it counts as waiting here
    const row = this.database.db
      .prepare(
        `SELECT
           coalesce(sum(dead = 0 AND (attempts = 0 OR available_at <= ?)), 0) AS waiting,
           coalesce(sum(dead = 0 AND attempts > 0 AND available_at > ?), 0) AS retrying,
           coalesce(sum(dead = 1), 0) AS dead,
           min(CASE WHEN dead = 0 AND available_at <= ? THEN created_at END) AS oldest
         FROM analytics_queue`,
      )
      .get(now, now, now) as { waiting: number; retrying: number; dead: number; oldest: number | null };
    return {
      waiting: row.waiting,
      active: 0,
      retrying: row.retrying,
      dead: row.dead,
      oldestAgeSeconds: row.oldest === null ? 0 : Math.max(0, (now - row.oldest) / 1000),
    };
  }

  /** the consumer of the same process notes each batch it stored */
  noteStored(at = Date.now()): void {
    this.lastStoredAt = at;
  }

  async progress(): Promise<QueueProgress> {
    const row = this.database.db
      .prepare('SELECT count(*) AS n FROM analytics_queue WHERE dead = 0')
      .get() as { n: number };
    return { waiting: row.n, lastStoredAt: this.lastStoredAt };
  }

  async close(): Promise<void> {
    this.listener = null;
  }
}
