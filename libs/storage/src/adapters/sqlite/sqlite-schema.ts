import type { SqliteDatabase } from './sqlite-database';

// the tables and indexes of the storage's sqlite file: the one place that says what the file holds.
// every statement is idempotent, so opening an existing file is safe.
// owner_id has no foreign key on purpose: the port deletes a user and the user's sessions only (the
// account service removes what the user owns first), and the mongo adapter behaves the same way.
const TABLES = `
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

// tokens belong to their user's row: deleting the user removes them in the same statement
const ACCOUNT_TOKENS = `
CREATE TABLE IF NOT EXISTS account_tokens (
  id         TEXT PRIMARY KEY,
  user_id    TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  purpose    TEXT NOT NULL,
  token_hash TEXT NOT NULL,
  new_email  TEXT,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL
);
CREATE UNIQUE INDEX IF NOT EXISTS account_tokens_hash ON account_tokens (token_hash);
CREATE INDEX IF NOT EXISTS account_tokens_user ON account_tokens (user_id, purpose);
CREATE INDEX IF NOT EXISTS account_tokens_expires ON account_tokens (expires_at);
`;

// a row per image; the bytes are files under DATA_DIR/media (sqlite-media.repository.ts)
const MEDIA = `
CREATE TABLE IF NOT EXISTS media (
  key          TEXT PRIMARY KEY,
  owner_id     TEXT NOT NULL,
  content_type TEXT NOT NULL,
  size         INTEGER NOT NULL,
  created_at   INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS media_owner ON media (owner_id, created_at);
`;

// a row per data export, one per account (a new one replaces it); the zips are files under
// DATA_DIR/exports (sqlite-account-export.repository.ts). no foreign key: the account service deletes
// an account's export, file and all, before the account
const ACCOUNT_EXPORTS = `
CREATE TABLE IF NOT EXISTS account_exports (
  id          TEXT PRIMARY KEY,
  user_id     TEXT NOT NULL,
  status      TEXT NOT NULL,
  created_at  INTEGER NOT NULL,
  finished_at INTEGER,
  size        INTEGER,
  expires_at  INTEGER NOT NULL
);
CREATE UNIQUE INDEX IF NOT EXISTS account_exports_user ON account_exports (user_id);
CREATE INDEX IF NOT EXISTS account_exports_expires ON account_exports (expires_at);
`;

/** creates what is missing of the storage's tables, indexes and columns; run before any statement is prepared */
export function applySqliteSchema(db: SqliteDatabase): void {
  db.exec(TABLES);
  // columns added after the first release: a file made before gets them here
  addColumnIfMissing(db, 'users', 'notify_messages', 'INTEGER NOT NULL DEFAULT 1');
  for (const column of ['name', 'phone', 'company']) addColumnIfMissing(db, 'leads', column, 'TEXT');
  db.exec(ACCOUNT_TOKENS);
  db.exec(MEDIA);
  db.exec(ACCOUNT_EXPORTS);
}

/**
 * adds a column to a table of an existing file when it is not there yet: the CREATE TABLE statements
 * are idempotent, but a column added since a file was made needs ALTER TABLE, once
 */
function addColumnIfMissing(db: SqliteDatabase, table: string, column: string, definition: string): void {
  const columns = db.prepare<[], { name: string }>(`SELECT name FROM pragma_table_info('${table}')`).all();
  if (columns.some((existing) => existing.name === column)) return;
  db.exec(`ALTER TABLE ${table} ADD COLUMN ${column} ${definition}`);
}
