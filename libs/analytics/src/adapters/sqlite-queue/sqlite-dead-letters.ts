import type { DeadLetterReport, DeadLetters } from '../../ports';
import type { SqliteQueueDatabase } from './sqlite-queue-database';

/** the rows that failed their last try stay in the queue table, marked dead, until a replay */
export class SqliteDeadLetters implements DeadLetters {
  constructor(private readonly database: SqliteQueueDatabase) {}

  async count(): Promise<number> {
    const row = this.database.db
      .prepare('SELECT count(*) AS n FROM analytics_queue WHERE dead = 1')
      .get() as { n: number };
    return row.n;
  }

  async replay(): Promise<DeadLetterReport> {
    const result = this.database.db
      .prepare('UPDATE analytics_queue SET dead = 0, attempts = 0, available_at = ? WHERE dead = 1')
      .run(Date.now());
    return { replayed: result.changes };
  }

  async close(): Promise<void> {}
}
