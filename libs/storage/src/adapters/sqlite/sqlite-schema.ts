import { leadSearchText } from '../lead-search';
import { SECOND_FACTOR_AND_PASSKEYS } from './sqlite-account-security.schema';
import { ANALYTICS_SHARES } from './sqlite-analytics-shares.schema';
import type { SqliteDatabase } from './sqlite-database';
import { addColumnIfMissing, migrateSqlite, type SqliteSchema } from './sqlite-migrations';

// the storage's tables and indexes in the sqlite file, as numbered migrations: the one place that
// says what the file holds. schema_version records the ones applied (sqlite-migrations.ts).
//
// builds before schema_version made and grew the tables at every open, so a file without versions may
// hold anything from the first release's tables to migration 2's. migrations 1 and 2 therefore check
// what is there (IF NOT EXISTS, a column only when missing) and adopt such a file without touching its
// rows; later migrations only ever meet a file with versions and need no such care.
//
// owner_id has no foreign key on purpose: the port deletes a user and the user's sessions only (the
// account service removes what the user owns first), and the mongo adapter behaves the same way.

// 1: the first release: users, profiles, messages (leads), sessions and images (media)
const FIRST_RELEASE = `
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

-- a row per image; the bytes are files under DATA_DIR/media (sqlite-media.repository.ts)
CREATE TABLE IF NOT EXISTS media (
  key          TEXT PRIMARY KEY,
  owner_id     TEXT NOT NULL,
  content_type TEXT NOT NULL,
  size         INTEGER NOT NULL,
  created_at   INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS media_owner ON media (owner_id, created_at);
`;

// 2: e-mailed account links; their tokens belong to their user's row, so deleting the user removes
// them in the same statement
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

// 4: teams. a membership, an invitation and a template belong to their team's row; a membership to its
// user's too, so deleting the user ends the user's memberships in the same statement. a card's team_id
// and template_id have no foreign key, as owner_id has none: a card outlives its template (deleting a
// template clears the link in the same transaction, sqlite-card-template.repository.ts, as the mongo
// adapter does with its own writes), and the store never deletes a team under its cards.
const TEAMS = `
CREATE TABLE teams (
  id         TEXT PRIMARY KEY,
  name       TEXT NOT NULL,
  brand      TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);

CREATE TABLE team_members (
  team_id   TEXT NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
  user_id   TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  role      TEXT NOT NULL,
  joined_at INTEGER NOT NULL,
  PRIMARY KEY (team_id, user_id)
);
CREATE INDEX team_members_user ON team_members (user_id, joined_at);

-- the address is stored lower-cased, so the unique index is case-insensitive
CREATE TABLE team_invitations (
  id          TEXT PRIMARY KEY,
  team_id     TEXT NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
  email       TEXT NOT NULL,
  role        TEXT NOT NULL,
  name        TEXT,
  title       TEXT,
  phone       TEXT,
  template_id TEXT,
  token_hash  TEXT NOT NULL,
  invited_by  TEXT NOT NULL,
  created_at  INTEGER NOT NULL,
  expires_at  INTEGER NOT NULL
);
CREATE UNIQUE INDEX team_invitations_email ON team_invitations (team_id, email);
CREATE UNIQUE INDEX team_invitations_token ON team_invitations (token_hash);
CREATE INDEX team_invitations_team_created ON team_invitations (team_id, created_at, id);

CREATE TABLE card_templates (
  id            TEXT PRIMARY KEY,
  team_id       TEXT NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
  name          TEXT NOT NULL,
  content       TEXT NOT NULL,
  locked_fields TEXT NOT NULL,
  created_at    INTEGER NOT NULL,
  updated_at    INTEGER NOT NULL
);
CREATE INDEX card_templates_team ON card_templates (team_id, created_at, id);

ALTER TABLE profiles ADD COLUMN team_id TEXT;
ALTER TABLE profiles ADD COLUMN template_id TEXT;
CREATE INDEX profiles_team ON profiles (team_id, created_at);
CREATE INDEX profiles_template ON profiles (template_id);
`;

// 5: working a lead: its status, tags and private note, the lower-cased text its search reads, when it
// last changed, and the visitor's key for the day of the message with the day's follow-up signals
// once kept. existing leads become new, untagged, without a note, last changed when received.
const LEAD_FOLLOW_UP = `
ALTER TABLE leads ADD COLUMN status TEXT NOT NULL DEFAULT 'new';
ALTER TABLE leads ADD COLUMN tags TEXT NOT NULL DEFAULT '[]';
ALTER TABLE leads ADD COLUMN tag_keys TEXT NOT NULL DEFAULT '[]';
ALTER TABLE leads ADD COLUMN note TEXT;
ALTER TABLE leads ADD COLUMN search_text TEXT NOT NULL DEFAULT '';
ALTER TABLE leads ADD COLUMN updated_at INTEGER NOT NULL DEFAULT 0;
ALTER TABLE leads ADD COLUMN status_changed_at INTEGER;
ALTER TABLE leads ADD COLUMN visitor_key TEXT;
ALTER TABLE leads ADD COLUMN follow_up TEXT;
UPDATE leads SET updated_at = created_at;
CREATE INDEX leads_profile_status_created ON leads (profile_id, status, created_at, id);
`;

/** each lead's search text, lower-cased by javascript as every later write does (sqlite's lower() is ascii only) */
function fillLeadSearchText(db: SqliteDatabase): void {
  const write = db.prepare<[string, string]>('UPDATE leads SET search_text = ? WHERE id = ?');
  const rows = db
    .prepare<
      [],
      { id: string; email: string; name: string | null; company: string | null; message: string | null }
    >('SELECT id, email, name, company, message FROM leads')
    .all();
  for (const row of rows) write.run(leadSearchText({ ...row, note: null }), row.id);
}

// 6: the answers to a card's questions and "Send me your card" kept with each message, and the day's
// record of cards e-mailed to visitors (the address hashed: no copy of it), for the exchange's limits
const LEAD_QUESTIONS_AND_CARD_EXCHANGE = `
ALTER TABLE leads ADD COLUMN answers TEXT;
ALTER TABLE leads ADD COLUMN exchange_consent_text TEXT;
ALTER TABLE leads ADD COLUMN exchange_consented_at INTEGER;
ALTER TABLE leads ADD COLUMN exchange_card_sent INTEGER;

CREATE TABLE card_exchange_sends (
  recipient_hash TEXT NOT NULL,
  profile_id     TEXT NOT NULL,
  day            TEXT NOT NULL,
  created_at     INTEGER NOT NULL,
  PRIMARY KEY (recipient_hash, day, profile_id)
);
CREATE INDEX card_exchange_sends_day ON card_exchange_sends (day);
`;

// 7: API keys. a personal key belongs to its user's row, a team key to its team's: deleting either
// removes its keys in the same statement. created_by has no foreign key: a team key keeps working
// after the admin who made it leaves or deletes their account.
const API_KEYS = `
CREATE TABLE api_keys (
  id           TEXT PRIMARY KEY,
  user_id      TEXT REFERENCES users (id) ON DELETE CASCADE,
  team_id      TEXT REFERENCES teams (id) ON DELETE CASCADE,
  name         TEXT NOT NULL,
  scopes       TEXT NOT NULL,
  key_hash     TEXT NOT NULL,
  prefix       TEXT NOT NULL,
  created_by   TEXT NOT NULL,
  created_at   INTEGER NOT NULL,
  last_used_at INTEGER,
  expires_at   INTEGER,
  revoked_at   INTEGER,
  CHECK ((user_id IS NULL) <> (team_id IS NULL))
);
CREATE UNIQUE INDEX api_keys_hash ON api_keys (key_hash);
CREATE INDEX api_keys_user ON api_keys (user_id, created_at);
CREATE INDEX api_keys_team ON api_keys (team_id, created_at);
`;

// 8: webhook endpoints (a person's or a team's) and their deliveries, which are both the outbound
// queue and its log. a delivery belongs to its endpoint's row, so deleting the endpoint removes its log
// in the same statement. user_id and team_id have no foreign key, as a card's owner_id has none: the
// account and team services delete what they own first.
const WEBHOOKS = `
CREATE TABLE webhook_endpoints (
  id                    TEXT PRIMARY KEY,
  user_id               TEXT,
  team_id               TEXT,
  url                   TEXT NOT NULL,
  description           TEXT,
  events                TEXT NOT NULL,
  card_ids              TEXT,
  enabled               INTEGER NOT NULL,
  disabled_reason       TEXT,
  secret                TEXT NOT NULL,
  previous_secret       TEXT,
  previous_expires_at   INTEGER,
  created_by            TEXT NOT NULL,
  created_via           TEXT NOT NULL,
  failed_deliveries     INTEGER NOT NULL DEFAULT 0,
  failing_since         INTEGER,
  created_at            INTEGER NOT NULL,
  updated_at            INTEGER NOT NULL
);
CREATE INDEX webhook_endpoints_user ON webhook_endpoints (user_id, created_at, id);
CREATE INDEX webhook_endpoints_team ON webhook_endpoints (team_id, created_at, id);

CREATE TABLE webhook_deliveries (
  id               TEXT PRIMARY KEY,
  endpoint_id      TEXT NOT NULL REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
  event_type       TEXT NOT NULL,
  payload          TEXT NOT NULL,
  forced           INTEGER NOT NULL,
  status           TEXT NOT NULL,
  attempts         INTEGER NOT NULL,
  next_attempt_at  INTEGER NOT NULL,
  lease_holder     TEXT,
  lease_until      INTEGER,
  last_attempt_at  INTEGER,
  response_status  INTEGER,
  duration_ms      INTEGER,
  response_excerpt TEXT,
  error            TEXT,
  created_at       INTEGER NOT NULL
);
CREATE INDEX webhook_deliveries_endpoint ON webhook_deliveries (endpoint_id, created_at, id);
-- the dispatcher's one question: what is due. only pending rows are in it
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at) WHERE status = 'pending';
CREATE INDEX webhook_deliveries_created ON webhook_deliveries (created_at);
`;

// 9: the owner's time zone and analytics mails (a report weekly or monthly, an alert on a busy hour),
// and what was sent of them: a row per owner and period, the first insert wins between processes
const ANALYTICS_MAIL = `
ALTER TABLE users ADD COLUMN time_zone TEXT;
ALTER TABLE users ADD COLUMN analytics_report TEXT NOT NULL DEFAULT 'off';
ALTER TABLE users ADD COLUMN traffic_alert_multiple INTEGER;
CREATE INDEX users_analytics_mail ON users (id)
  WHERE analytics_report <> 'off' OR traffic_alert_multiple IS NOT NULL;

CREATE TABLE analytics_mail_sends (
  user_id    TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  send_key   TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (user_id, send_key)
);
CREATE INDEX analytics_mail_sends_created ON analytics_mail_sends (created_at);
`;

export const STORAGE_SQLITE_SCHEMA: SqliteSchema = {
  part: 'storage',
  label: 'the SQLite store',
  migrations: [
    { version: 1, name: 'first-release', apply: (db) => db.exec(FIRST_RELEASE) },
    {
      version: 2,
      name: 'account-links-and-message-fields',
      apply: (db) => {
        addColumnIfMissing(db, 'users', 'notify_messages', 'INTEGER NOT NULL DEFAULT 1');
        for (const column of ['name', 'phone', 'company']) addColumnIfMissing(db, 'leads', column, 'TEXT');
        db.exec(ACCOUNT_TOKENS);
      },
    },
    { version: 3, name: 'account-exports', apply: (db) => db.exec(ACCOUNT_EXPORTS) },
    { version: 4, name: 'teams', apply: (db) => db.exec(TEAMS) },
    {
      version: 5,
      name: 'lead-follow-up',
      apply: (db) => {
        db.exec(LEAD_FOLLOW_UP);
        fillLeadSearchText(db);
      },
    },
    {
      version: 6,
      name: 'lead-questions-and-card-exchange',
      apply: (db) => db.exec(LEAD_QUESTIONS_AND_CARD_EXCHANGE),
    },
    { version: 7, name: 'api-keys', apply: (db) => db.exec(API_KEYS) },
    { version: 8, name: 'webhooks', apply: (db) => db.exec(WEBHOOKS) },
    { version: 9, name: 'analytics-shares', apply: (db) => db.exec(ANALYTICS_SHARES) },
    { version: 10, name: 'analytics-mail', apply: (db) => db.exec(ANALYTICS_MAIL) },
    {
      version: 11,
      name: 'session-origins-and-proofs',
      // where each sign-in came from, when it was last used and when its holder last proved who they
      // are; sessions from before are shown with what is known: nothing, and their start for both times
      apply: (db) => {
        for (const column of ['user_agent', 'country', 'device_id']) {
          addColumnIfMissing(db, 'sessions', column, "TEXT NOT NULL DEFAULT ''");
        }
        addColumnIfMissing(db, 'sessions', 'last_seen_at', 'INTEGER');
        addColumnIfMissing(db, 'sessions', 'proved_at', 'INTEGER');
      },
    },
    { version: 12, name: 'second-factor-and-passkeys', apply: (db) => db.exec(SECOND_FACTOR_AND_PASSKEYS) },
  ],
};

/** brings the file's storage tables to this build's version; run before any statement is prepared */
export function applySqliteSchema(db: SqliteDatabase): number[] {
  return migrateSqlite(db, STORAGE_SQLITE_SCHEMA);
}
