import type { AnalyticsMailSendsRepository } from '../../ports';
import type { SqliteDatabase } from './sqlite-database';

export class SqliteAnalyticsMailSendRepository implements AnalyticsMailSendsRepository {
  private readonly insert;
  private readonly removeBefore;
  private readonly remove;

  constructor(db: SqliteDatabase) {
    // the primary key (user, key) makes the second insert a no-op: its caller does not send
    this.insert = db.prepare<[string, string, number]>(
      'INSERT INTO analytics_mail_sends (user_id, send_key, created_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING',
    );
    this.remove = db.prepare<[string, string]>(
      'DELETE FROM analytics_mail_sends WHERE user_id = ? AND send_key = ?',
    );
    this.removeBefore = db.prepare<[number]>('DELETE FROM analytics_mail_sends WHERE created_at < ?');
  }

  async claim(userId: string, key: string, now: Date): Promise<boolean> {
    return this.insert.run(userId, key, now.getTime()).changes === 1;
  }

  async release(userId: string, key: string): Promise<void> {
    this.remove.run(userId, key);
  }

  async deleteBefore(before: Date): Promise<number> {
    return this.removeBefore.run(before.getTime()).changes;
  }
}
