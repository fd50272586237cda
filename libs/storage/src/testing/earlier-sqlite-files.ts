// the storage's SQLite files as earlier builds left them, frozen here for the upgrade tests: the
// tables of the first release, and those of the last build before schema_version (the first
// release's grown by the columns and the table it added at every open). neither has a schema_version
// table. the ids and rows fill every table, so an upgrade can be checked row by row. a file of a
// build with versions is made by its migrations, which never change once released
// (BEFORE_TEAMS_VERSION), and holds BEFORE_TEAMS_ROWS.

export const FIRST_RELEASE_DDL = `
CREATE TABLE users (id TEXT PRIMARY KEY, email TEXT NOT NULL, display_name TEXT NOT NULL,
  password_hash TEXT NOT NULL, created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL);
CREATE UNIQUE INDEX users_email_unique ON users (lower(email));
CREATE TABLE profiles (id TEXT PRIMARY KEY, owner_id TEXT NOT NULL, handle TEXT NOT NULL,
  display_name TEXT NOT NULL, tagline TEXT, bio TEXT, published INTEGER NOT NULL, published_at INTEGER,
  theme TEXT NOT NULL, layout TEXT NOT NULL, contact TEXT NOT NULL, media TEXT NOT NULL,
  privacy TEXT NOT NULL, social_links TEXT NOT NULL, blocks TEXT NOT NULL, created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL);
CREATE UNIQUE INDEX profiles_handle_unique ON profiles (handle);
CREATE INDEX profiles_owner ON profiles (owner_id, created_at);
CREATE TABLE leads (id TEXT PRIMARY KEY, profile_id TEXT NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
  email TEXT NOT NULL, message TEXT, consent INTEGER NOT NULL, consent_text TEXT NOT NULL,
  visitor_user_id TEXT, created_at INTEGER NOT NULL);
CREATE INDEX leads_profile_created ON leads (profile_id, created_at, id);
CREATE TABLE sessions (id TEXT PRIMARY KEY, user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at INTEGER NOT NULL, expires_at INTEGER NOT NULL, revoked_at INTEGER);
CREATE INDEX sessions_user ON sessions (user_id);
CREATE INDEX sessions_expires ON sessions (expires_at);
CREATE TABLE media (key TEXT PRIMARY KEY, owner_id TEXT NOT NULL, content_type TEXT NOT NULL,
  size INTEGER NOT NULL, created_at INTEGER NOT NULL);
CREATE INDEX media_owner ON media (owner_id, created_at);
`;

export const UNVERSIONED_DDL = `${FIRST_RELEASE_DDL}
ALTER TABLE users ADD COLUMN notify_messages INTEGER NOT NULL DEFAULT 1;
ALTER TABLE leads ADD COLUMN name TEXT;
ALTER TABLE leads ADD COLUMN phone TEXT;
ALTER TABLE leads ADD COLUMN company TEXT;
CREATE TABLE account_tokens (id TEXT PRIMARY KEY, user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  purpose TEXT NOT NULL, token_hash TEXT NOT NULL, new_email TEXT, created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL);
CREATE UNIQUE INDEX account_tokens_hash ON account_tokens (token_hash);
CREATE INDEX account_tokens_user ON account_tokens (user_id, purpose);
CREATE INDEX account_tokens_expires ON account_tokens (expires_at);
`;

export const USER = 'aaaaaaaaaaaaaaaaaaaaaaa1';
const OTHER_USER = 'aaaaaaaaaaaaaaaaaaaaaaa2';
export const PROFILE = 'bbbbbbbbbbbbbbbbbbbbbbb1';
const LATER = 4_102_444_800_000; // 2100: nothing here expires while the test runs

/** rows in every table of the first release */
export const FIRST_RELEASE_ROWS: Record<string, Record<string, string | number | null>[]> = {
  users: [
    {
      id: USER,
      email: 'ada@example.com',
      display_name: 'Ada',
      password_hash: 'h1',
      created_at: 1,
      updated_at: 2,
    },
    {
      id: OTHER_USER,
      email: 'bob@example.com',
      display_name: 'Bob',
      password_hash: 'h2',
      created_at: 3,
      updated_at: 3,
    },
  ],
  profiles: [
    {
      id: PROFILE,
      owner_id: USER,
      handle: 'ada',
      display_name: 'Ada Lovelace',
      tagline: 'Poetical science',
      bio: null,
      published: 1,
      published_at: 5,
      theme: 'noir',
      layout: 'split',
      contact: '{"email":"ada@example.com","phoneNumber":null,"company":null,"location":null,"website":null}',
      media: '{"avatarUrl":null,"bannerUrl":null,"ogImageUrl":null}',
      privacy: '{"collectGeo":true,"collectIp":false,"showIdentifiedViewers":false,"allowMessages":true}',
      social_links: '[]',
      blocks: '[]',
      created_at: 4,
      updated_at: 5,
    },
  ],
  leads: [
    {
      id: 'ccccccccccccccccccccccc1',
      profile_id: PROFILE,
      email: 'v1@example.com',
      message: 'hello',
      consent: 1,
      consent_text: 'ok',
      visitor_user_id: null,
      created_at: 6,
    },
    {
      id: 'ccccccccccccccccccccccc2',
      profile_id: PROFILE,
      email: 'v2@example.com',
      message: null,
      consent: 1,
      consent_text: 'ok',
      visitor_user_id: OTHER_USER,
      created_at: 7,
    },
  ],
  sessions: [
    { id: 'ddddddddddddddddddddddd1', user_id: USER, created_at: 8, expires_at: LATER, revoked_at: null },
  ],
  media: [
    { key: 'a1b2c3d4e5f6a7b8.jpg', owner_id: USER, content_type: 'image/jpeg', size: 4, created_at: 9 },
  ],
};

/** the first release's rows, and what the columns and the table added since hold */
export const UNVERSIONED_ROWS: typeof FIRST_RELEASE_ROWS = {
  ...FIRST_RELEASE_ROWS,
  users: FIRST_RELEASE_ROWS.users.map((row, n) => ({ ...row, notify_messages: n % 2 })),
  leads: FIRST_RELEASE_ROWS.leads.map((row, n) => ({
    ...row,
    name: `Visitor ${n}`,
    phone: null,
    company: 'Acme',
  })),
  account_tokens: [
    {
      id: 'eeeeeeeeeeeeeeeeeeeeeee1',
      user_id: USER,
      purpose: 'email-change',
      token_hash: 'th1',
      new_email: 'ada@new.example',
      created_at: 10,
      expires_at: LATER,
    },
  ],
};

/** the last build before teams: migrations 1 to 3 */
export const BEFORE_TEAMS_VERSION = 3;

/** the rows of the last build before versions, and an account's data export */
export const BEFORE_TEAMS_ROWS: typeof FIRST_RELEASE_ROWS = {
  ...UNVERSIONED_ROWS,
  account_exports: [
    {
      id: 'fffffffffffffffffffffff1',
      user_id: USER,
      status: 'ready',
      created_at: 11,
      finished_at: 12,
      size: 2048,
      expires_at: LATER,
    },
  ],
};
