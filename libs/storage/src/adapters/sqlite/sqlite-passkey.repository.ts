import type { NewPasskey, PasskeyRecord, PasskeysRepository } from '../../ports';
import type { SqliteDatabase } from './sqlite-database';

interface PasskeyRow {
  id: string;
  user_id: string;
  public_key: string;
  counter: number;
  /** JSON array */
  transports: string;
  name: string;
  device_type: string;
  backed_up: number;
  created_at: number;
  last_used_at: number | null;
}

function toPasskey(row: PasskeyRow): PasskeyRecord {
  return {
    id: row.id,
    userId: row.user_id,
    publicKey: row.public_key,
    counter: row.counter,
    transports: JSON.parse(row.transports) as string[],
    name: row.name,
    deviceType: row.device_type,
    backedUp: row.backed_up === 1,
    createdAt: new Date(row.created_at),
    lastUsedAt: row.last_used_at === null ? null : new Date(row.last_used_at),
  };
}

export class SqlitePasskeyRepository implements PasskeysRepository {
  private readonly insert;
  private readonly ofUser;
  private readonly byId;
  private readonly used;
  private readonly renameOne;
  private readonly removeOne;
  private readonly claim;
  private readonly sweep;

  constructor(private readonly db: SqliteDatabase) {
    // nothing for a user that is gone; nothing over a credential registered before
    this.insert = db.prepare<[PasskeyRow]>(
      `INSERT INTO passkeys (id, user_id, public_key, counter, transports, name, device_type, backed_up,
         created_at, last_used_at)
       SELECT @id, @user_id, @public_key, @counter, @transports, @name, @device_type, @backed_up,
         @created_at, NULL
       WHERE EXISTS (SELECT 1 FROM users WHERE id = @user_id)
       ON CONFLICT (id) DO NOTHING`,
    );
    this.ofUser = db.prepare<[string], PasskeyRow>(
      'SELECT * FROM passkeys WHERE user_id = ? ORDER BY created_at, id',
    );
    this.byId = db.prepare<[string], PasskeyRow>('SELECT * FROM passkeys WHERE id = ?');
    this.used = db.prepare<[number, number, string]>(
      'UPDATE passkeys SET counter = ?, last_used_at = ? WHERE id = ?',
    );
    this.renameOne = db.prepare<[string, string, string], PasskeyRow>(
      'UPDATE passkeys SET name = ? WHERE id = ? AND user_id = ? RETURNING *',
    );
    this.removeOne = db.prepare<[string, string]>('DELETE FROM passkeys WHERE id = ? AND user_id = ?');
    this.claim = db.prepare<[string, number]>(
      'INSERT INTO webauthn_challenges (challenge_hash, expires_at) VALUES (?, ?) ON CONFLICT DO NOTHING',
    );
    this.sweep = db.prepare<[number]>('DELETE FROM webauthn_challenges WHERE expires_at <= ?');
  }

  async create(passkey: NewPasskey): Promise<boolean> {
    return (
      this.insert.run({
        id: passkey.id,
        user_id: passkey.userId,
        public_key: passkey.publicKey,
        counter: passkey.counter,
        transports: JSON.stringify(passkey.transports),
        name: passkey.name,
        device_type: passkey.deviceType,
        backed_up: passkey.backedUp ? 1 : 0,
        created_at: Date.now(),
        last_used_at: null,
      }).changes > 0
    );
  }

  async listForUser(userId: string): Promise<PasskeyRecord[]> {
    return this.ofUser.all(userId).map(toPasskey);
  }

  async findById(id: string): Promise<PasskeyRecord | null> {
    const row = this.byId.get(id);
    return row ? toPasskey(row) : null;
  }

  async recordUse(id: string, counter: number, at: Date): Promise<void> {
    this.used.run(counter, at.getTime(), id);
  }

  async rename(userId: string, id: string, name: string): Promise<PasskeyRecord | null> {
    const row = this.renameOne.get(name, id, userId);
    return row ? toPasskey(row) : null;
  }

  async delete(userId: string, id: string): Promise<boolean> {
    return this.removeOne.run(id, userId).changes > 0;
  }

  async holdersAmong(userIds: readonly string[]): Promise<Set<string>> {
    if (userIds.length === 0) return new Set();
    const marks = userIds.map(() => '?').join(', ');
    const rows = this.db
      .prepare<string[], { user_id: string }>(
        `SELECT DISTINCT user_id FROM passkeys WHERE user_id IN (${marks})`,
      )
      .all(...userIds);
    return new Set(rows.map((row) => row.user_id));
  }

  async claimChallenge(challengeHash: string, expiresAt: Date): Promise<boolean> {
    return this.claim.run(challengeHash, expiresAt.getTime()).changes > 0;
  }

  async deleteExpiredChallenges(now: Date): Promise<number> {
    return this.sweep.run(now.getTime()).changes;
  }
}
