// 12: an account's authenticator app (its secret sealed by the api) and recovery codes, stored
// hashed, each spent once; its passkeys, and the WebAuthn challenges answered (each answer once); a
// team may require one or the other of its people
export const SECOND_FACTOR_AND_PASSKEYS = `
CREATE TABLE second_factors (
  user_id        TEXT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  sealed_secret  TEXT NOT NULL,
  enabled_at     INTEGER,
  last_time_step INTEGER NOT NULL DEFAULT 0,
  created_at     INTEGER NOT NULL
);
CREATE TABLE recovery_codes (
  user_id   TEXT NOT NULL REFERENCES second_factors (user_id) ON DELETE CASCADE,
  code_hash TEXT NOT NULL,
  used_at   INTEGER,
  PRIMARY KEY (user_id, code_hash)
);
ALTER TABLE teams ADD COLUMN require_second_factor INTEGER NOT NULL DEFAULT 0;
CREATE TABLE passkeys (
  id           TEXT PRIMARY KEY,
  user_id      TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  public_key   TEXT NOT NULL,
  counter      INTEGER NOT NULL,
  transports   TEXT NOT NULL,
  name         TEXT NOT NULL,
  device_type  TEXT NOT NULL,
  backed_up    INTEGER NOT NULL,
  created_at   INTEGER NOT NULL,
  last_used_at INTEGER
);
CREATE INDEX passkeys_user ON passkeys (user_id, created_at);
CREATE TABLE webauthn_challenges (
  challenge_hash TEXT PRIMARY KEY,
  expires_at     INTEGER NOT NULL
);
CREATE INDEX webauthn_challenges_expires ON webauthn_challenges (expires_at);
`;
