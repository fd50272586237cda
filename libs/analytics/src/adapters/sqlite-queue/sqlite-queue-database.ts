import { migrateSqlite, openSqliteFile, type SqliteDatabase } from '@cardcraft/storage';
import { withoutIps } from '../../events';
import { QUEUE_SQLITE_SCHEMA } from './sqlite-queue-schema';

/** how a failed try leaves its batches: their count of tries, when the next is due, dead or not */
export interface FailedTry {
  attempts: number;
  availableAt: number;
  dead: boolean;
  error: string;
}

/**
 * the embedded event queue: batches are rows of a table in the sqlite data file until their insert
 * succeeded, so a restart picks up whatever was waiting. one connection, shared by producer, consumer,
 * dead letters and the salts of one process. opening brings the tables to this build's version
 * (sqlite-queue-schema.ts) or refuses a file a newer build migrated (SchemaVersionError).
 */
export class SqliteQueueDatabase {
  readonly db: SqliteDatabase;

  constructor(file: string) {
    this.db = openSqliteFile(file);
    try {
      migrateSqlite(this.db, QUEUE_SQLITE_SCHEMA);
    } catch (error) {
      this.db.close();
      throw error;
    }
  }

  /** a queued job's payload; null when the row is gone */
  payloadOf(batchId: string): string | null {
    const found = this.db.prepare('SELECT payload FROM analytics_queue WHERE batch_id = ?').get(batchId) as
      { payload: string } | undefined;
    return found?.payload ?? null;
  }

  /** takes the rows of work that succeeded off the queue, together */
  removeBatches(batchIds: readonly string[]): void {
    const remove = this.db.prepare('DELETE FROM analytics_queue WHERE batch_id = ?');
    this.db.transaction(() => {
      for (const id of batchIds) remove.run(id);
    })();
  }

  /** notes a failed try on every row of the work, together */
  failBatches(batchIds: readonly string[], failed: FailedTry): void {
    const fail = this.db.prepare(
      'UPDATE analytics_queue SET attempts = ?, available_at = ?, dead = ?, last_error = ? WHERE batch_id = ?',
    );
    const error = failed.error.slice(0, 500);
    this.db.transaction(() => {
      for (const id of batchIds)
        fail.run(failed.attempts, failed.availableAt, failed.dead ? 1 : 0, error, id);
    })();
  }

  /**
   * removes the raw ips of batches that failed at least once (retrying or dead) and were queued at or
   * before the cutoff; each is rewritten once. a replay then enriches them without: no geo, no hash.
   */
  stripIpsOfFailedBefore(cutoff: number): number {
    const stale = this.db
      .prepare(
        `SELECT batch_id, payload FROM analytics_queue
         WHERE ips_stripped = 0 AND (attempts > 0 OR dead = 1) AND created_at <= ?`,
      )
      .all(cutoff) as { batch_id: string; payload: string }[];
    const update = this.db.prepare(
      'UPDATE analytics_queue SET payload = ?, ips_stripped = 1 WHERE batch_id = ?',
    );
    let stripped = 0;
    this.db.transaction(() => {
      for (const row of stale) {
        let payload: unknown;
        try {
          payload = JSON.parse(row.payload);
        } catch {
          // not json: the consumer dead-letters it; there is nothing to read an ip from either
          update.run(row.payload, row.batch_id);
          continue;
        }
        const cleaned = withoutIps(payload);
        update.run(JSON.stringify(cleaned.payload), row.batch_id);
        if (cleaned.stripped) stripped += 1;
      }
    })();
    return stripped;
  }

  close(): void {
    if (this.db.open) this.db.close();
  }
}
