import { messageFieldsOrDefault, type Layout, type Theme } from '@cardcraft/contracts';
import {
  DuplicateKeyError,
  type AccountTokensRepository,
  type LeadRecord,
  type LeadsRepository,
  type NewLead,
  type NewSession,
  type NewUser,
  type PageRequest,
  type PageResult,
  type ProfileData,
  type ProfileRecord,
  type ProfilesRepository,
  type SessionRecord,
  type SessionsRepository,
  type Storage,
  type UserPatch,
  type UserRecord,
  type UsersRepository,
} from '../../ports';
import type { MediaRepository } from '../../media';
import { dirname, join } from 'node:path';
import { newObjectIdHex } from './object-id';
import { SqliteMedia } from './sqlite-media';
import { ACCOUNT_TOKENS_SCHEMA, SqliteAccountTokens } from './sqlite-account-tokens';
import { addColumnIfMissing } from './sqlite-columns';
import { openSqliteDatabase, type SqliteDatabase } from './sqlite-database';

// every statement is idempotent, so opening an existing file is safe.
// owner_id has no foreign key on purpose: the port deletes a user and the user's sessions only (the
// account service removes what the user owns first), and the mongo adapter behaves the same way.
const SCHEMA = `
CREATE TABLE IF NOT EXISTS users (
  id            TEXT PRIMARY KEY,
  email         TEXT NOT NULL,
  display_name  TEXT NOT NULL,
  password_hash TEXT NOT NULL,
  created_at    INTEGER NOT NULL,
  updated_at    INTEGER NOT NULL
);
CREATE UNIQUE INDEX IF NOT EXISTS users_email_unique ON users (lower(email));

CREATE TABLE IF NOT EXISTS profiles (
  id           TEXT PRIMARY KEY,
  owner_id     TEXT NOT NULL,
  handle       TEXT NOT NULL,
  display_name TEXT NOT NULL,
  tagline      TEXT,
  bio          TEXT,
  published    INTEGER NOT NULL,
  published_at INTEGER,
  theme        TEXT NOT NULL,
  layout       TEXT NOT NULL,
  contact      TEXT NOT NULL,
  media        TEXT NOT NULL,
  privacy      TEXT NOT NULL,
  social_links TEXT NOT NULL,
  blocks       TEXT NOT NULL,
  created_at   INTEGER NOT NULL,
  updated_at   INTEGER NOT NULL
);
CREATE UNIQUE INDEX IF NOT EXISTS profiles_handle_unique ON profiles (handle);
CREATE INDEX IF NOT EXISTS profiles_owner ON profiles (owner_id, created_at);

CREATE TABLE IF NOT EXISTS leads (
  id              TEXT PRIMARY KEY,
  profile_id      TEXT NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
  email           TEXT NOT NULL,
  message         TEXT,
  consent         INTEGER NOT NULL,
  consent_text    TEXT NOT NULL,
  visitor_user_id TEXT,
  created_at      INTEGER NOT NULL
);
-- the id completes the newest-first order, so a page is read straight off the index
CREATE INDEX IF NOT EXISTS leads_profile_created ON leads (profile_id, created_at, id);

-- unlike profiles, sessions do belong in the user's row: deleting the user ends them in the same
-- statement, so a token of a deleted account can never be accepted again
CREATE TABLE IF NOT EXISTS sessions (
  id         TEXT PRIMARY KEY,
  user_id    TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  revoked_at INTEGER
);
CREATE INDEX IF NOT EXISTS sessions_user ON sessions (user_id);
CREATE INDEX IF NOT EXISTS sessions_expires ON sessions (expires_at);
`;

interface UserRow {
  id: string;
  email: string;
  display_name: string;
  password_hash: string;
  notify_messages: number;
  created_at: number;
  updated_at: number;
}

interface UserPatchParams {
  id: string;
  email: string | null;
  display_name: string | null;
  password_hash: string | null;
  notify_messages: number | null;
  now: number;
}

interface ProfileRow {
  id: string;
  owner_id: string;
  handle: string;
  display_name: string;
  tagline: string | null;
  bio: string | null;
  published: number;
  published_at: number | null;
  theme: string;
  layout: string;
  contact: string;
  media: string;
  privacy: string;
  social_links: string;
  blocks: string;
  created_at: number;
  updated_at: number;
}

interface LeadRow {
  id: string;
  profile_id: string;
  email: string;
  message: string | null;
  name: string | null;
  phone: string | null;
  company: string | null;
  consent: number;
  consent_text: string;
  visitor_user_id: string | null;
  created_at: number;
}

interface SessionRow {
  id: string;
  user_id: string;
  created_at: number;
  expires_at: number;
  revoked_at: number | null;
}

/**
 * checked by shape, not instanceof: better-sqlite3 creates its error class once per process, so under
 * a test runner that loads modules afresh per file (jest) an instanceof check against Error can fail.
 */
function isSqliteError(error: unknown): error is Error & { code: string } {
  const candidate = error as { code?: unknown; message?: unknown } | null;
  return typeof candidate?.code === 'string' && typeof candidate.message === 'string';
}

/** maps a unique violation to the port's error; anything else is rethrown unchanged */
function rethrowDuplicate(error: unknown): never {
  if (isSqliteError(error) && error.code === 'SQLITE_CONSTRAINT_UNIQUE') {
    // "UNIQUE constraint failed: index 'users_email_unique'" or "... failed: profiles.handle"
    if (error.message.includes('email')) throw new DuplicateKeyError('email');
    if (error.message.includes('handle')) throw new DuplicateKeyError('handle');
  }
  throw error;
}

function toUser(row: UserRow): UserRecord {
  return {
    id: row.id,
    email: row.email,
    displayName: row.display_name,
    passwordHash: row.password_hash,
    notifyOnMessages: row.notify_messages === 1,
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
  };
}

function toProfile(row: ProfileRow): ProfileRecord {
  return {
    id: row.id,
    ownerId: row.owner_id,
    handle: row.handle,
    displayName: row.display_name,
    tagline: row.tagline,
    bio: row.bio,
    published: row.published === 1,
    publishedAt: row.published_at === null ? null : new Date(row.published_at),
    theme: row.theme as Theme,
    layout: row.layout as Layout,
    contact: JSON.parse(row.contact) as ProfileRecord['contact'],
    media: JSON.parse(row.media) as ProfileRecord['media'],
    privacy: privacyFrom(row.privacy),
    socialLinks: JSON.parse(row.social_links) as ProfileRecord['socialLinks'],
    blocks: JSON.parse(row.blocks) as ProfileRecord['blocks'],
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
  };
}

/** a card saved before the message form had extra fields asks for none */
function privacyFrom(json: string): ProfileRecord['privacy'] {
  const privacy = JSON.parse(json) as Omit<ProfileRecord['privacy'], 'messageFields'> & {
    messageFields?: ProfileRecord['privacy']['messageFields'];
  };
  return { ...privacy, messageFields: messageFieldsOrDefault(privacy.messageFields) };
}

function toLead(row: LeadRow): LeadRecord {
  return {
    id: row.id,
    profileId: row.profile_id,
    email: row.email,
    message: row.message,
    name: row.name ?? null,
    phone: row.phone ?? null,
    company: row.company ?? null,
    consent: row.consent === 1,
    consentText: row.consent_text,
    visitorUserId: row.visitor_user_id,
    createdAt: new Date(row.created_at),
  };
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

/** the columns a profile's owner edits, as named parameters */
function profileParams(data: ProfileData) {
  return {
    handle: data.handle,
    display_name: data.displayName,
    tagline: data.tagline,
    bio: data.bio,
    published: data.published ? 1 : 0,
    published_at: data.publishedAt === null ? null : data.publishedAt.getTime(),
    theme: data.theme,
    layout: data.layout,
    contact: JSON.stringify(pick(data.contact, ['email', 'phoneNumber', 'company', 'location', 'website'])),
    media: JSON.stringify(pick(data.media, ['avatarUrl', 'bannerUrl', 'ogImageUrl'])),
    privacy: JSON.stringify({
      ...pick(data.privacy, ['collectGeo', 'collectIp', 'showIdentifiedViewers', 'allowMessages']),
      messageFields: pick(data.privacy.messageFields, ['name', 'phone', 'company']),
    }),
    social_links: JSON.stringify(
      data.socialLinks.map((link) => pick(link, ['provider', 'label', 'url', 'highlight', 'order'])),
    ),
    blocks: JSON.stringify(
      data.blocks.map((block) =>
        pick(block, ['id', 'type', 'title', 'subtitle', 'payloadJson', 'visible', 'order']),
      ),
    ),
  };
}

/** copies only the record's own fields, so stray properties of a caller's object are not stored */
function pick<T extends object, K extends keyof T>(source: T, keys: readonly K[]): Pick<T, K> {
  const out = {} as Pick<T, K>;
  for (const key of keys) out[key] = source[key];
  return out;
}

class SqliteUsers implements UsersRepository {
  private readonly insert;
  private readonly byId;
  private readonly byIds;
  private readonly byEmail;
  private readonly patch;
  private readonly remove;

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
         password_hash = coalesce(@password_hash, password_hash),
         updated_at = @now
       WHERE id = @id
       RETURNING *`,
    );
    // the user's sessions go with the row through ON DELETE CASCADE
    this.remove = db.prepare<[string]>('DELETE FROM users WHERE id = ?');
  }

  async create(user: NewUser): Promise<UserRecord> {
    const now = Date.now();
    const row: UserRow = {
      id: newObjectIdHex(),
      email: user.email.toLowerCase(),
      display_name: user.displayName,
      password_hash: user.passwordHash,
      notify_messages: 1,
      created_at: now,
      updated_at: now,
    };
    try {
      this.insert.run(row);
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
        now: Date.now(),
      });
      return row ? toUser(row) : null;
    } catch (error) {
      rethrowDuplicate(error);
    }
  }

  async delete(id: string): Promise<boolean> {
    return this.remove.run(id).changes > 0;
  }
}

class SqliteProfiles implements ProfilesRepository {
  private readonly insert;
  private readonly byId;
  private readonly owned;
  private readonly byHandle;
  private readonly byOwner;
  private readonly replace;
  private readonly remove;

  constructor(db: SqliteDatabase) {
    this.insert = db.prepare(
      `INSERT INTO profiles (id, owner_id, handle, display_name, tagline, bio, published, published_at,
         theme, layout, contact, media, privacy, social_links, blocks, created_at, updated_at)
       VALUES (@id, @owner_id, @handle, @display_name, @tagline, @bio, @published, @published_at,
         @theme, @layout, @contact, @media, @privacy, @social_links, @blocks, @created_at, @updated_at)
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

  async create(ownerId: string, data: ProfileData): Promise<ProfileRecord> {
    const now = Date.now();
    try {
      const row = this.insert.get({
        ...profileParams(data),
        id: newObjectIdHex(),
        owner_id: ownerId,
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

class SqliteLeads implements LeadsRepository {
  private readonly insert;
  private readonly page;
  private readonly count;
  private readonly one;
  private readonly remove;

  constructor(db: SqliteDatabase) {
    this.one = db.prepare<[string, string], LeadRow>('SELECT * FROM leads WHERE id = ? AND profile_id = ?');
    this.insert = db.prepare(
      `INSERT INTO leads (id, profile_id, email, message, name, phone, company, consent, consent_text,
         visitor_user_id, created_at)
       VALUES (@id, @profile_id, @email, @message, @name, @phone, @company, @consent, @consent_text,
         @visitor_user_id, @created_at)`,
    );
    // the id breaks ties between leads of the same millisecond: later ids sort after earlier ones
    this.page = db.prepare<[string, number, number], LeadRow>(
      `SELECT * FROM leads WHERE profile_id = ? ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?`,
    );
    this.count = db.prepare<[string], { total: number }>(
      'SELECT count(*) AS total FROM leads WHERE profile_id = ?',
    );
    this.remove = db.prepare<[string, string]>('DELETE FROM leads WHERE id = ? AND profile_id = ?');
  }

  async create(lead: NewLead): Promise<LeadRecord> {
    const row: LeadRow = {
      id: newObjectIdHex(),
      profile_id: lead.profileId,
      email: lead.email,
      message: lead.message,
      name: lead.name,
      phone: lead.phone,
      company: lead.company,
      consent: lead.consent ? 1 : 0,
      consent_text: lead.consentText,
      visitor_user_id: lead.visitorUserId,
      created_at: Date.now(),
    };
    this.insert.run(row);
    return toLead(row);
  }

  async listByProfile(profileId: string, page: PageRequest): Promise<PageResult<LeadRecord>> {
    const items = this.page.all(profileId, page.limit, page.offset).map(toLead);
    const total = this.count.get(profileId)?.total ?? 0;
    return { items, total };
  }

  async findOne(profileId: string, leadId: string): Promise<LeadRecord | null> {
    const row = this.one.get(leadId, profileId);
    return row ? toLead(row) : null;
  }

  async delete(profileId: string, leadId: string): Promise<boolean> {
    return this.remove.run(leadId, profileId).changes > 0;
  }
}

class SqliteSessions implements SessionsRepository {
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

export class SqliteStorage implements Storage {
  readonly kind = 'sqlite' as const;
  readonly users: UsersRepository;
  readonly profiles: ProfilesRepository;
  readonly leads: LeadsRepository;
  readonly sessions: SessionsRepository;
  readonly media: MediaRepository;
  readonly accountTokens: AccountTokensRepository;

  private constructor(
    private readonly db: SqliteDatabase,
    mediaDir: string,
  ) {
    this.users = new SqliteUsers(db);
    this.profiles = new SqliteProfiles(db);
    this.leads = new SqliteLeads(db);
    this.sessions = new SqliteSessions(db);
    this.media = new SqliteMedia(db, mediaDir);
    this.accountTokens = new SqliteAccountTokens(db);
  }

  static open(file: string): SqliteStorage {
    const db = openSqliteDatabase(file);
    try {
      db.exec(SCHEMA);
      // columns added after the first release: a file made before gets them here
      addColumnIfMissing(db, 'users', 'notify_messages', 'INTEGER NOT NULL DEFAULT 1');
      for (const column of ['name', 'phone', 'company']) addColumnIfMissing(db, 'leads', column, 'TEXT');
      db.exec(ACCOUNT_TOKENS_SCHEMA);
    } catch (error) {
      db.close();
      throw error;
    }
    try {
      // images sit beside the database file: DATA_DIR/media
      return new SqliteStorage(db, join(dirname(file), 'media'));
    } catch (error) {
      db.close();
      throw error;
    }
  }

  async ping(): Promise<void> {
    this.db.prepare('SELECT 1').get();
  }

  async close(): Promise<void> {
    if (this.db.open) this.db.close();
  }
}

export async function createSqliteStorage(file: string): Promise<Storage> {
  return SqliteStorage.open(file);
}
