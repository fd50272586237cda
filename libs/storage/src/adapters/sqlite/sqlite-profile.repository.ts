import type { CardPlacement, ProfileData, ProfileRecord, ProfilesRepository } from '../../ports';
import { newObjectIdHex } from './object-id';
import type { SqliteDatabase } from './sqlite-database';
import { rethrowDuplicate } from './sqlite-errors';
import { profileParams, toProfile, type ProfileRow } from './sqlite-profile.mapper';

export class SqliteProfileRepository implements ProfilesRepository {
  private readonly insert;
  private readonly byId;
  private readonly owned;
  private readonly byHandle;
  private readonly byOwner;
  private readonly byTeam;
  private readonly byTemplate;
  private readonly handOver;
  private readonly replace;
  private readonly remove;

  constructor(db: SqliteDatabase) {
    this.insert = db.prepare(
      `INSERT INTO profiles (id, owner_id, handle, display_name, tagline, bio, published, published_at,
         theme, layout, contact, media, privacy, social_links, blocks, team_id, template_id, created_at,
         updated_at)
       VALUES (@id, @owner_id, @handle, @display_name, @tagline, @bio, @published, @published_at,
         @theme, @layout, @contact, @media, @privacy, @social_links, @blocks, @team_id, @template_id,
         @created_at, @updated_at)
       RETURNING *`,
    );
    this.byId = db.prepare<[string], ProfileRow>('SELECT * FROM profiles WHERE id = ?');
    this.owned = db.prepare<[string, string], ProfileRow>(
      'SELECT * FROM profiles WHERE id = ? AND owner_id = ?',
    );
    this.byHandle = db.prepare<[string], ProfileRow>('SELECT * FROM profiles WHERE handle = ?');
    this.byOwner = db.prepare<[string], ProfileRow>(
      'SELECT * FROM profiles WHERE owner_id = ? ORDER BY created_at, id',
    );
    this.byTeam = db.prepare<[string], ProfileRow>(
      'SELECT * FROM profiles WHERE team_id = ? ORDER BY created_at, id',
    );
    this.byTemplate = db.prepare<[string, string], ProfileRow>(
      'SELECT * FROM profiles WHERE team_id = ? AND template_id = ? ORDER BY created_at, id',
    );
    // the team in the filter: a personal card, or another team's, is never handed over
    this.handOver = db.prepare<[string, number, string, string], ProfileRow>(
      'UPDATE profiles SET owner_id = ?, updated_at = ? WHERE id = ? AND team_id = ? RETURNING *',
    );
    this.replace = db.prepare(
      `UPDATE profiles SET handle = @handle, display_name = @display_name, tagline = @tagline,
         bio = @bio, published = @published, published_at = @published_at, theme = @theme,
         layout = @layout, contact = @contact, media = @media, privacy = @privacy,
         social_links = @social_links, blocks = @blocks, updated_at = @updated_at
       WHERE id = @id AND owner_id = @owner_id
       RETURNING *`,
    );
    // leads go with the profile through ON DELETE CASCADE
    this.remove = db.prepare<[string, string]>('DELETE FROM profiles WHERE id = ? AND owner_id = ?');
  }

  async create(ownerId: string, data: ProfileData, placement?: CardPlacement): Promise<ProfileRecord> {
    const now = Date.now();
    try {
      const row = this.insert.get({
        ...profileParams(data),
        id: newObjectIdHex(),
        owner_id: ownerId,
        team_id: placement?.teamId ?? null,
        template_id: placement?.templateId ?? null,
        created_at: now,
        updated_at: now,
      }) as ProfileRow;
      return toProfile(row);
    } catch (error) {
      rethrowDuplicate(error);
    }
  }

  async findById(id: string): Promise<ProfileRecord | null> {
    const row = this.byId.get(id);
    return row ? toProfile(row) : null;
  }

  async findOwned(id: string, ownerId: string): Promise<ProfileRecord | null> {
    const row = this.owned.get(id, ownerId);
    return row ? toProfile(row) : null;
  }

  async findByHandle(handle: string): Promise<ProfileRecord | null> {
    const row = this.byHandle.get(handle);
    return row ? toProfile(row) : null;
  }

  async listByOwner(ownerId: string): Promise<ProfileRecord[]> {
    return this.byOwner.all(ownerId).map(toProfile);
  }

  async listByTeam(teamId: string): Promise<ProfileRecord[]> {
    return this.byTeam.all(teamId).map(toProfile);
  }

  async listByTemplate(teamId: string, templateId: string): Promise<ProfileRecord[]> {
    return this.byTemplate.all(teamId, templateId).map(toProfile);
  }

  async reassign(id: string, teamId: string, ownerId: string): Promise<ProfileRecord | null> {
    const row = this.handOver.get(ownerId, Date.now(), id, teamId);
    return row ? toProfile(row) : null;
  }

  async update(id: string, ownerId: string, data: ProfileData): Promise<ProfileRecord | null> {
    try {
      const row = this.replace.get({
        ...profileParams(data),
        id,
        owner_id: ownerId,
        updated_at: Date.now(),
      }) as ProfileRow | undefined;
      return row ? toProfile(row) : null;
    } catch (error) {
      rethrowDuplicate(error);
    }
  }

  async delete(id: string, ownerId: string): Promise<boolean> {
    return this.remove.run(id, ownerId).changes > 0;
  }
}
