import type { NewSession, SessionRecord, SessionsRepository } from '../../ports';
import { newObjectIdHex } from './object-id';
import type { SqliteDatabase } from './sqlite-database';

interface SessionRow {
  id: string;
  user_id: string;
  created_at: number;
  expires_at: number;
  revoked_at: number | null;
}

function toSession(row: SessionRow): SessionRecord {
  return {
    id: row.id,
    userId: row.user_id,
    createdAt: new Date(row.created_at),
    expiresAt: new Date(row.expires_at),
    revokedAt: row.revoked_at === null ? null : new Date(row.revoked_at),
  };
}

export class SqliteSessionRepository implements SessionsRepository {
  private readonly insert;
  private readonly byId;
  private readonly revokeOne;
  private readonly revokeOthers;
  private readonly removeExpired;

  constructor(db: SqliteDatabase) {
    // inserts nothing when the user is gone, in one statement, so no deletion can slip in between
    this.insert = db.prepare<[SessionRow], SessionRow>(
      `INSERT INTO sessions (id, user_id, created_at, expires_at, revoked_at)
       SELECT @id, @user_id, @created_at, @expires_at, NULL
       WHERE EXISTS (SELECT 1 FROM users WHERE id = @user_id)
       RETURNING *`,
    );
    this.byId = db.prepare<[string], SessionRow>('SELECT * FROM sessions WHERE id = ?');
    this.revokeOne = db.prepare<[number, string]>(
      'UPDATE sessions SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL',
    );
    this.revokeOthers = db.prepare<[number, string, string]>(
      'UPDATE sessions SET revoked_at = ? WHERE user_id = ? AND id <> ? AND revoked_at IS NULL',
    );
    this.removeExpired = db.prepare<[number]>('DELETE FROM sessions WHERE expires_at <= ?');
  }

  async create(session: NewSession): Promise<SessionRecord | null> {
    const row = this.insert.get({
      id: newObjectIdHex(),
      user_id: session.userId,
      created_at: Date.now(),
      expires_at: session.expiresAt.getTime(),
      revoked_at: null,
    });
    return row ? toSession(row) : null;
  }

  async findById(id: string): Promise<SessionRecord | null> {
    const row = this.byId.get(id);
    return row ? toSession(row) : null;
  }

  async revoke(id: string): Promise<boolean> {
    return this.revokeOne.run(Date.now(), id).changes > 0;
  }

  async revokeAllForUser(userId: string, exceptSessionId?: string): Promise<number> {
    // '' is never an id, so without an exception every session is revoked
    return this.revokeOthers.run(Date.now(), userId, exceptSessionId ?? '').changes;
  }

  async deleteExpired(now: Date): Promise<number> {
    return this.removeExpired.run(now.getTime()).changes;
  }
}
