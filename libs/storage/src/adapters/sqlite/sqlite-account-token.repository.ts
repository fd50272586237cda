import type {
  AccountTokenPurpose,
  AccountTokenRecord,
  AccountTokensRepository,
  NewAccountToken,
} from '../../ports';
import { newObjectIdHex } from './object-id';
import type { SqliteDatabase } from './sqlite-database';

interface AccountTokenRow {
  id: string;
  user_id: string;
  purpose: string;
  token_hash: string;
  new_email: string | null;
  created_at: number;
  expires_at: number;
}

function toToken(row: AccountTokenRow): AccountTokenRecord {
  return {
    id: row.id,
    userId: row.user_id,
    purpose: row.purpose as AccountTokenPurpose,
    tokenHash: row.token_hash,
    newEmail: row.new_email,
    createdAt: new Date(row.created_at),
    expiresAt: new Date(row.expires_at),
  };
}

export class SqliteAccountTokenRepository implements AccountTokensRepository {
  private readonly insert;
  private readonly take;
  private readonly removeForUser;
  private readonly removeExpired;

  constructor(db: SqliteDatabase) {
    // inserts nothing when the user is gone, in one statement
    this.insert = db.prepare<[AccountTokenRow], AccountTokenRow>(
      `INSERT INTO account_tokens (id, user_id, purpose, token_hash, new_email, created_at, expires_at)
       SELECT @id, @user_id, @purpose, @token_hash, @new_email, @created_at, @expires_at
       WHERE EXISTS (SELECT 1 FROM users WHERE id = @user_id)
       RETURNING *`,
    );
    // one statement finds and removes: two callers with one link cannot both get it
    this.take = db.prepare<[string, string, number], AccountTokenRow>(
      `DELETE FROM account_tokens WHERE token_hash = ? AND purpose = ? AND expires_at > ? RETURNING *`,
    );
    this.removeForUser = db.prepare<[string, string]>(
      'DELETE FROM account_tokens WHERE user_id = ? AND purpose = ?',
    );
    this.removeExpired = db.prepare<[number]>('DELETE FROM account_tokens WHERE expires_at <= ?');
  }

  async create(token: NewAccountToken): Promise<AccountTokenRecord | null> {
    const row = this.insert.get({
      id: newObjectIdHex(),
      user_id: token.userId,
      purpose: token.purpose,
      token_hash: token.tokenHash,
      new_email: token.newEmail,
      created_at: Date.now(),
      expires_at: token.expiresAt.getTime(),
    });
    return row ? toToken(row) : null;
  }

  async consume(
    tokenHash: string,
    purpose: AccountTokenPurpose,
    now: Date,
  ): Promise<AccountTokenRecord | null> {
    const row = this.take.get(tokenHash, purpose, now.getTime());
    return row ? toToken(row) : null;
  }

  async deleteForUser(userId: string, purpose: AccountTokenPurpose): Promise<number> {
    return this.removeForUser.run(userId, purpose).changes;
  }

  async deleteExpired(now: Date): Promise<number> {
    return this.removeExpired.run(now.getTime()).changes;
  }
}
