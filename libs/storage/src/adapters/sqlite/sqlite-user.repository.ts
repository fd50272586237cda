import type { AnalyticsReportSetting, NewUser, UserPatch, UserRecord, UsersRepository } from '../../ports';
import { newObjectIdHex } from './object-id';
import type { SqliteDatabase } from './sqlite-database';
import { rethrowDuplicate } from './sqlite-errors';

interface UserRow {
  id: string;
  email: string;
  display_name: string;
  password_hash: string;
  notify_messages: number;
  time_zone: string | null;
  analytics_report: string;
  traffic_alert_multiple: number | null;
  created_at: number;
  updated_at: number;
}

interface UserPatchParams {
  id: string;
  email: string | null;
  display_name: string | null;
  password_hash: string | null;
  notify_messages: number | null;
  /** 1: time_zone takes the value, which may be null */
  set_time_zone: number;
  time_zone: string | null;
  analytics_report: string | null;
  set_alert: number;
  traffic_alert_multiple: number | null;
  now: number;
}

function toUser(row: UserRow): UserRecord {
  return {
    id: row.id,
    email: row.email,
    displayName: row.display_name,
    passwordHash: row.password_hash,
    notifyOnMessages: row.notify_messages === 1,
    timeZone: row.time_zone,
    analyticsReport: row.analytics_report as AnalyticsReportSetting,
    trafficAlertMultiple: row.traffic_alert_multiple,
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
  };
}

export class SqliteUserRepository implements UsersRepository {
  private readonly insert;
  private readonly byId;
  private readonly byIds;
  private readonly byEmail;
  private readonly patch;
  private readonly remove;
  private readonly mailRecipients;

  constructor(db: SqliteDatabase) {
    this.insert = db.prepare(
      `INSERT INTO users (id, email, display_name, password_hash, notify_messages, created_at, updated_at)
       VALUES (@id, @email, @display_name, @password_hash, @notify_messages, @created_at, @updated_at)`,
    );
    this.byId = db.prepare<[string], UserRow>('SELECT * FROM users WHERE id = ?');
    // the ids go in as one JSON array, so one prepared statement serves a page of any size
    this.byIds = db.prepare<[string], UserRow>(
      'SELECT * FROM users WHERE id IN (SELECT value FROM json_each(?))',
    );
    this.byEmail = db.prepare<[string], UserRow>('SELECT * FROM users WHERE lower(email) = lower(?)');
    this.patch = db.prepare<[UserPatchParams], UserRow>(
      `UPDATE users SET
         email = coalesce(@email, email),
         display_name = coalesce(@display_name, display_name),
         notify_messages = coalesce(@notify_messages, notify_messages),
         time_zone = CASE WHEN @set_time_zone = 1 THEN @time_zone ELSE time_zone END,
         analytics_report = coalesce(@analytics_report, analytics_report),
         traffic_alert_multiple =
           CASE WHEN @set_alert = 1 THEN @traffic_alert_multiple ELSE traffic_alert_multiple END,
         password_hash = coalesce(@password_hash, password_hash),
         updated_at = @now
       WHERE id = @id
       RETURNING *`,
    );
    // the user's sessions, e-mailed links and team memberships go with the row through ON DELETE CASCADE
    this.remove = db.prepare<[string]>('DELETE FROM users WHERE id = ?');
    // the condition is the partial index's (users_analytics_mail), so the walk reads only those rows
    this.mailRecipients = db.prepare<[string, number], UserRow>(
      `SELECT * FROM users
       WHERE (analytics_report <> 'off' OR traffic_alert_multiple IS NOT NULL) AND id > ?
       ORDER BY id LIMIT ?`,
    );
  }

  async create(user: NewUser): Promise<UserRecord> {
    const now = Date.now();
    const row: UserRow = {
      id: newObjectIdHex(),
      email: user.email.toLowerCase(),
      display_name: user.displayName,
      password_hash: user.passwordHash,
      notify_messages: 1,
      time_zone: null,
      analytics_report: 'off',
      traffic_alert_multiple: null,
      created_at: now,
      updated_at: now,
    };
    try {
      this.insert.run({
        id: row.id,
        email: row.email,
        display_name: row.display_name,
        password_hash: row.password_hash,
        notify_messages: row.notify_messages,
        created_at: row.created_at,
        updated_at: row.updated_at,
      });
    } catch (error) {
      rethrowDuplicate(error);
    }
    return toUser(row);
  }

  async findById(id: string): Promise<UserRecord | null> {
    const row = this.byId.get(id);
    return row ? toUser(row) : null;
  }

  async findByIds(ids: readonly string[]): Promise<UserRecord[]> {
    if (ids.length === 0) return [];
    return this.byIds.all(JSON.stringify(ids)).map(toUser);
  }

  async findByEmail(email: string): Promise<UserRecord | null> {
    const row = this.byEmail.get(email);
    return row ? toUser(row) : null;
  }

  async update(id: string, patch: UserPatch): Promise<UserRecord | null> {
    try {
      const row = this.patch.get({
        id,
        email: patch.email?.toLowerCase() ?? null,
        display_name: patch.displayName ?? null,
        password_hash: patch.passwordHash ?? null,
        notify_messages: patch.notifyOnMessages === undefined ? null : patch.notifyOnMessages ? 1 : 0,
        set_time_zone: patch.timeZone === undefined ? 0 : 1,
        time_zone: patch.timeZone ?? null,
        analytics_report: patch.analyticsReport ?? null,
        set_alert: patch.trafficAlertMultiple === undefined ? 0 : 1,
        traffic_alert_multiple: patch.trafficAlertMultiple ?? null,
        now: Date.now(),
      });
      return row ? toUser(row) : null;
    } catch (error) {
      rethrowDuplicate(error);
    }
  }

  async listAnalyticsMailRecipients(afterId: string | null, limit: number): Promise<UserRecord[]> {
    return this.mailRecipients.all(afterId ?? '', limit).map(toUser);
  }

  async delete(id: string): Promise<boolean> {
    return this.remove.run(id).changes > 0;
  }
}
