import { randomBytes } from 'node:crypto';
import { utcDay } from '../../enrichment/visitor-id';
import type { SaltStore } from '../../ports';
import type { SqliteQueueDatabase } from './sqlite-queue-database';

/** the salts in the same data file: today's and yesterday's kept, older ones deleted */
export class SqliteSaltStore implements SaltStore {
  private readonly cache = new Map<string, Buffer>();

  constructor(
    private readonly database: SqliteQueueDatabase,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async saltFor(day: string): Promise<Buffer> {
    const cached = this.cache.get(day);
    if (cached) return cached;
    const db = this.database.db;
    const yesterday = utcDay(new Date(Date.parse(`${utcDay(this.now())}T00:00:00Z`) - 86_400_000));
    const salt = db.transaction(() => {
      db.prepare('DELETE FROM analytics_salts WHERE day < ?').run(yesterday);
      db.prepare('INSERT OR IGNORE INTO analytics_salts (day, salt) VALUES (?, ?)').run(day, randomBytes(32));
      return (db.prepare('SELECT salt FROM analytics_salts WHERE day = ?').get(day) as { salt: Buffer }).salt;
    })();
    this.cache.set(day, salt);
    if (this.cache.size > 2) this.cache.delete(this.cache.keys().next().value as string);
    return salt;
  }

  async close(): Promise<void> {}
}
