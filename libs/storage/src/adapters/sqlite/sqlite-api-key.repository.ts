import type { ApiKeyScope } from '@cardcraft/contracts';
import type { ApiKeyOwner, ApiKeyRecord, ApiKeysRepository, NewApiKey } from '../../ports';
import { newObjectIdHex } from './object-id';
import type { SqliteDatabase } from './sqlite-database';

interface ApiKeyRow {
  id: string;
  user_id: string | null;
  team_id: string | null;
  name: string;
  /** JSON array */
  scopes: string;
  key_hash: string;
  prefix: string;
  created_by: string;
  created_at: number;
  last_used_at: number | null;
  expires_at: number | null;
  revoked_at: number | null;
}

function toApiKey(row: ApiKeyRow): ApiKeyRecord {
  return {
    id: row.id,
    userId: row.user_id,
    teamId: row.team_id,
    name: row.name,
    scopes: JSON.parse(row.scopes) as ApiKeyScope[],
    keyHash: row.key_hash,
    prefix: row.prefix,
    createdBy: row.created_by,
    createdAt: new Date(row.created_at),
    lastUsedAt: row.last_used_at === null ? null : new Date(row.last_used_at),
    expiresAt: row.expires_at === null ? null : new Date(row.expires_at),
    revokedAt: row.revoked_at === null ? null : new Date(row.revoked_at),
  };
}

/** the owner as the statements take it: exactly one of the two is set */
function ownerParams(owner: ApiKeyOwner): { user_id: string | null; team_id: string | null } {
  return { user_id: owner.userId ?? null, team_id: owner.teamId ?? null };
}

// `IS` compares nulls as equal, so one statement serves a user's keys and a team's
const OF_OWNER = 'user_id IS @user_id AND team_id IS @team_id';

export class SqliteApiKeyRepository implements ApiKeysRepository {
  private readonly insert;
  private readonly byHash;
  private readonly byId;
  private readonly ofOwner;
  private readonly live;
  private readonly setName;
  private readonly setRevoked;
  private readonly setUsed;

  constructor(db: SqliteDatabase) {
    // inserts nothing when the owner is gone, in one statement, so no deletion can slip in between
    this.insert = db.prepare<[ApiKeyRow], ApiKeyRow>(
      `INSERT INTO api_keys (id, user_id, team_id, name, scopes, key_hash, prefix, created_by,
                             created_at, last_used_at, expires_at, revoked_at)
       SELECT @id, @user_id, @team_id, @name, @scopes, @key_hash, @prefix, @created_by,
              @created_at, NULL, @expires_at, NULL
       WHERE EXISTS (SELECT 1 FROM users WHERE id = @user_id) OR EXISTS (SELECT 1 FROM teams WHERE id = @team_id)
       RETURNING *`,
    );
    this.byHash = db.prepare<[string], ApiKeyRow>('SELECT * FROM api_keys WHERE key_hash = ?');
    type OwnerParams = { user_id: string | null; team_id: string | null };
    this.byId = db.prepare<[OwnerParams & { id: string }], ApiKeyRow>(
      `SELECT * FROM api_keys WHERE id = @id AND ${OF_OWNER} AND revoked_at IS NULL`,
    );
    // the id breaks ties between keys of the same millisecond: ids sort by creation
    this.ofOwner = db.prepare<[OwnerParams], ApiKeyRow>(
      `SELECT * FROM api_keys WHERE ${OF_OWNER} AND revoked_at IS NULL ORDER BY created_at DESC, id DESC`,
    );
    this.live = db.prepare<[OwnerParams & { now: number }], { count: number }>(
      `SELECT count(*) AS count FROM api_keys
       WHERE ${OF_OWNER} AND revoked_at IS NULL AND (expires_at IS NULL OR expires_at > @now)`,
    );
    this.setName = db.prepare<[OwnerParams & { id: string; name: string }], ApiKeyRow>(
      `UPDATE api_keys SET name = @name WHERE id = @id AND ${OF_OWNER} AND revoked_at IS NULL RETURNING *`,
    );
    this.setRevoked = db.prepare<[OwnerParams & { id: string; at: number }]>(
      `UPDATE api_keys SET revoked_at = @at WHERE id = @id AND ${OF_OWNER} AND revoked_at IS NULL`,
    );
    this.setUsed = db.prepare<[{ id: string; at: number; unless_after: number }]>(
      `UPDATE api_keys SET last_used_at = @at
       WHERE id = @id AND (last_used_at IS NULL OR last_used_at <= @unless_after)`,
    );
  }

  async create(key: NewApiKey): Promise<ApiKeyRecord | null> {
    const row = this.insert.get({
      id: newObjectIdHex(),
      ...ownerParams(key.owner),
      name: key.name,
      scopes: JSON.stringify(key.scopes),
      key_hash: key.keyHash,
      prefix: key.prefix,
      created_by: key.createdBy,
      created_at: Date.now(),
      last_used_at: null,
      expires_at: key.expiresAt?.getTime() ?? null,
      revoked_at: null,
    });
    return row ? toApiKey(row) : null;
  }

  async findByHash(keyHash: string): Promise<ApiKeyRecord | null> {
    const row = this.byHash.get(keyHash);
    return row ? toApiKey(row) : null;
  }

  async findById(owner: ApiKeyOwner, id: string): Promise<ApiKeyRecord | null> {
    const row = this.byId.get({ ...ownerParams(owner), id });
    return row ? toApiKey(row) : null;
  }

  async list(owner: ApiKeyOwner): Promise<ApiKeyRecord[]> {
    return this.ofOwner.all(ownerParams(owner)).map(toApiKey);
  }

  async countLive(owner: ApiKeyOwner, now: Date): Promise<number> {
    return this.live.get({ ...ownerParams(owner), now: now.getTime() })?.count ?? 0;
  }

  async rename(owner: ApiKeyOwner, id: string, name: string): Promise<ApiKeyRecord | null> {
    const row = this.setName.get({ ...ownerParams(owner), id, name });
    return row ? toApiKey(row) : null;
  }

  async revoke(owner: ApiKeyOwner, id: string, at: Date): Promise<boolean> {
    return this.setRevoked.run({ ...ownerParams(owner), id, at: at.getTime() }).changes > 0;
  }

  async touch(id: string, at: Date, unlessAfter: Date): Promise<boolean> {
    return this.setUsed.run({ id, at: at.getTime(), unless_after: unlessAfter.getTime() }).changes > 0;
  }
}
