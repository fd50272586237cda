import type { NewSession, SessionRecord, SessionsRepository } from '../../ports';
import { newObjectIdHex } from './object-id';
import type { SqliteDatabase } from './sqlite-database';

interface SessionRow {
  id: string;
  user_id: string;
  created_at: number;
  expires_at: number;
  revoked_at: number | null;
  user_agent: string;
  country: string;
  device_id: string;
  /** null for a session from before the columns */
  last_seen_at: number | null;
  proved_at: number | null;
}

function toSession(row: SessionRow): SessionRecord {
  return {
    id: row.id,
    userId: row.user_id,
    createdAt: new Date(row.created_at),
    expiresAt: new Date(row.expires_at),
    lastSeenAt: new Date(row.last_seen_at ?? row.created_at),
    provedAt: new Date(row.proved_at ?? row.created_at),
    revokedAt: row.revoked_at === null ? null : new Date(row.revoked_at),
    userAgent: row.user_agent,
    country: row.country,
    deviceId: row.device_id,
  };
}

export class SqliteSessionRepository implements SessionsRepository {
  private readonly insert;
  private readonly byId;
  private readonly liveOfUser;
  private readonly deviceOfUser;
  private readonly seen;
  private readonly proved;
  private readonly revokeOne;
  private readonly revokeOneOfUser;
  private readonly revokeOthers;
  private readonly removeExpired;

  constructor(db: SqliteDatabase) {
    // inserts nothing when the user is gone, in one statement, so no deletion can slip in between
    this.insert = db.prepare<[SessionRow], SessionRow>(
      `INSERT INTO sessions
         (id, user_id, created_at, expires_at, revoked_at, user_agent, country, device_id, last_seen_at,
          proved_at)
       SELECT @id, @user_id, @created_at, @expires_at, NULL, @user_agent, @country, @device_id, @created_at,
         @created_at
       WHERE EXISTS (SELECT 1 FROM users WHERE id = @user_id)
       RETURNING *`,
    );
    this.byId = db.prepare<[string], SessionRow>('SELECT * FROM sessions WHERE id = ?');
    this.liveOfUser = db.prepare<[string, number], SessionRow>(
      `SELECT * FROM sessions WHERE user_id = ? AND revoked_at IS NULL AND expires_at > ?
       ORDER BY coalesce(last_seen_at, created_at) DESC, id DESC`,
    );
    this.deviceOfUser = db.prepare<[string, string], { found: number }>(
      'SELECT 1 AS found FROM sessions WHERE user_id = ? AND device_id = ? LIMIT 1',
    );
    this.seen = db.prepare<[number, string]>('UPDATE sessions SET last_seen_at = ? WHERE id = ?');
    this.proved = db.prepare<[number, string, number]>(
      'UPDATE sessions SET proved_at = ? WHERE id = ? AND revoked_at IS NULL AND expires_at > ?',
    );
    this.revokeOne = db.prepare<[number, string]>(
      'UPDATE sessions SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL',
    );
    this.revokeOneOfUser = db.prepare<[number, string, string, number]>(
      `UPDATE sessions SET revoked_at = ?
       WHERE id = ? AND user_id = ? AND revoked_at IS NULL AND expires_at > ?`,
    );
    this.revokeOthers = db.prepare<[number, string, string]>(
      'UPDATE sessions SET revoked_at = ? WHERE user_id = ? AND id <> ? AND revoked_at IS NULL',
    );
    this.removeExpired = db.prepare<[number]>('DELETE FROM sessions WHERE expires_at <= ?');
  }

  async create(session: NewSession): Promise<SessionRecord | null> {
    const now = Date.now();
    const row = this.insert.get({
      id: newObjectIdHex(),
      user_id: session.userId,
      created_at: now,
      expires_at: session.expiresAt.getTime(),
      revoked_at: null,
      user_agent: session.userAgent ?? '',
      country: session.country ?? '',
      device_id: session.deviceId ?? '',
      last_seen_at: now,
      proved_at: now,
    });
    return row ? toSession(row) : null;
  }

  async findById(id: string): Promise<SessionRecord | null> {
    const row = this.byId.get(id);
    return row ? toSession(row) : null;
  }

  async listLive(userId: string, now: Date): Promise<SessionRecord[]> {
    return this.liveOfUser.all(userId, now.getTime()).map(toSession);
  }

  async hasDevice(userId: string, deviceId: string): Promise<boolean> {
    return this.deviceOfUser.get(userId, deviceId) !== undefined;
  }

  async touch(id: string, at: Date): Promise<void> {
    this.seen.run(at.getTime(), id);
  }

  async markProved(id: string, at: Date): Promise<boolean> {
    return this.proved.run(at.getTime(), id, Date.now()).changes > 0;
  }

  async revoke(id: string): Promise<boolean> {
    return this.revokeOne.run(Date.now(), id).changes > 0;
  }

  async revokeOfUser(userId: string, id: string): Promise<boolean> {
    const now = Date.now();
    return this.revokeOneOfUser.run(now, id, userId, now).changes > 0;
  }

  async revokeAllForUser(userId: string, exceptSessionId?: string): Promise<number> {
    // '' is never an id, so without an exception every session is revoked
    return this.revokeOthers.run(Date.now(), userId, exceptSessionId ?? '').changes;
  }

  async deleteExpired(now: Date): Promise<number> {
    return this.removeExpired.run(now.getTime()).changes;
  }
}
