import type { AnalyticsShareRecord, AnalyticsSharesRepository, NewAnalyticsShare } from '../../ports';
import { newObjectIdHex } from './object-id';
import type { SqliteDatabase } from './sqlite-database';

interface AnalyticsShareRow {
  id: string;
  profile_id: string;
  owner_id: string;
  label: string | null;
  token: string;
  token_hash: string;
  password_hash: string | null;
  created_at: number;
  last_viewed_at: number | null;
}

function toShare(row: AnalyticsShareRow): AnalyticsShareRecord {
  return {
    id: row.id,
    profileId: row.profile_id,
    ownerId: row.owner_id,
    label: row.label,
    token: row.token,
    tokenHash: row.token_hash,
    passwordHash: row.password_hash,
    createdAt: new Date(row.created_at),
    lastViewedAt: row.last_viewed_at === null ? null : new Date(row.last_viewed_at),
  };
}

export class SqliteAnalyticsShareRepository implements AnalyticsSharesRepository {
  private readonly insert;
  private readonly byHash;
  private readonly ofProfile;
  private readonly countOfProfile;
  private readonly removeOne;
  private readonly removeOfProfile;
  private readonly removeOfOwner;
  private readonly setViewed;

  constructor(db: SqliteDatabase) {
    // inserts nothing when the card is gone, in one statement, so no deletion can slip in between
    this.insert = db.prepare<[AnalyticsShareRow], AnalyticsShareRow>(
      `INSERT INTO analytics_shares (id, profile_id, owner_id, label, token, token_hash, password_hash,
                                     created_at, last_viewed_at)
       SELECT @id, @profile_id, @owner_id, @label, @token, @token_hash, @password_hash, @created_at, NULL
       WHERE EXISTS (SELECT 1 FROM profiles WHERE id = @profile_id)
       RETURNING *`,
    );
    this.byHash = db.prepare<[string], AnalyticsShareRow>(
      'SELECT * FROM analytics_shares WHERE token_hash = ?',
    );
    // the id breaks ties between links of the same millisecond: ids sort by creation
    this.ofProfile = db.prepare<[string], AnalyticsShareRow>(
      'SELECT * FROM analytics_shares WHERE profile_id = ? ORDER BY created_at DESC, id DESC',
    );
    this.countOfProfile = db.prepare<[string], { count: number }>(
      'SELECT count(*) AS count FROM analytics_shares WHERE profile_id = ?',
    );
    this.removeOne = db.prepare<[{ profile_id: string; id: string }]>(
      'DELETE FROM analytics_shares WHERE id = @id AND profile_id = @profile_id',
    );
    this.removeOfProfile = db.prepare<[string]>('DELETE FROM analytics_shares WHERE profile_id = ?');
    this.removeOfOwner = db.prepare<[string]>('DELETE FROM analytics_shares WHERE owner_id = ?');
    this.setViewed = db.prepare<[{ id: string; at: number; unless_after: number }]>(
      `UPDATE analytics_shares SET last_viewed_at = @at
       WHERE id = @id AND (last_viewed_at IS NULL OR last_viewed_at <= @unless_after)`,
    );
  }

  async create(share: NewAnalyticsShare): Promise<AnalyticsShareRecord | null> {
    const row = this.insert.get({
      id: newObjectIdHex(),
      profile_id: share.profileId,
      owner_id: share.ownerId,
      label: share.label,
      token: share.token,
      token_hash: share.tokenHash,
      password_hash: share.passwordHash,
      created_at: Date.now(),
      last_viewed_at: null,
    });
    return row ? toShare(row) : null;
  }

  async findByTokenHash(tokenHash: string): Promise<AnalyticsShareRecord | null> {
    const row = this.byHash.get(tokenHash);
    return row ? toShare(row) : null;
  }

  async listByProfile(profileId: string): Promise<AnalyticsShareRecord[]> {
    return this.ofProfile.all(profileId).map(toShare);
  }

  async countByProfile(profileId: string): Promise<number> {
    return this.countOfProfile.get(profileId)?.count ?? 0;
  }

  async delete(profileId: string, id: string): Promise<boolean> {
    return this.removeOne.run({ profile_id: profileId, id }).changes > 0;
  }

  async deleteByProfile(profileId: string): Promise<number> {
    return this.removeOfProfile.run(profileId).changes;
  }

  async deleteByOwner(ownerId: string): Promise<number> {
    return this.removeOfOwner.run(ownerId).changes;
  }

  async touch(id: string, at: Date, unlessAfter: Date): Promise<boolean> {
    return this.setViewed.run({ id, at: at.getTime(), unless_after: unlessAfter.getTime() }).changes > 0;
  }
}
