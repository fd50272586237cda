// 9: read-only links to a card's analytics. a link belongs to its card's row, so deleting the card
// removes its links in the same statement; owner_id has no foreign key, as a card's has none (the
// account service deletes what the account owns first). the token is kept beside its hash so the
// owner can copy the link again; a visit finds the link by the hash.
export const ANALYTICS_SHARES = `
CREATE TABLE analytics_shares (
  id             TEXT PRIMARY KEY,
  profile_id     TEXT NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
  owner_id       TEXT NOT NULL,
  label          TEXT,
  token          TEXT NOT NULL,
  token_hash     TEXT NOT NULL,
  password_hash  TEXT,
  created_at     INTEGER NOT NULL,
  last_viewed_at INTEGER
);
CREATE UNIQUE INDEX analytics_shares_token ON analytics_shares (token_hash);
CREATE INDEX analytics_shares_profile ON analytics_shares (profile_id, created_at, id);
CREATE INDEX analytics_shares_owner ON analytics_shares (owner_id);
`;
