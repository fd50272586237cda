import type { ApiKeyScope } from '@cardcraft/contracts';

/** whom a key acts for: a user (a personal key) or a team (a team key, made by its owners and admins) */
export type ApiKeyOwner = { userId: string; teamId?: never } | { teamId: string; userId?: never };

/**
 * a key for tools that call the API. only a hash of the key is stored, so the store's contents alone
 * open nothing; `prefix` (the key's first characters) is what people see to tell keys apart.
 */
export interface ApiKeyRecord {
  id: string;
  /** a personal key's user; null for a team key */
  userId: string | null;
  /** a team key's team; null for a personal key */
  teamId: string | null;
  name: string;
  scopes: ApiKeyScope[];
  /** sha-256 of the whole key, hex */
  keyHash: string;
  prefix: string;
  /** the user who made it: a team key keeps working after they leave */
  createdBy: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  /** null: never expires */
  expiresAt: Date | null;
  /** set when revoked; a revoked key never works again */
  revokedAt: Date | null;
}

export interface NewApiKey {
  owner: ApiKeyOwner;
  name: string;
  scopes: ApiKeyScope[];
  keyHash: string;
  prefix: string;
  createdBy: string;
  expiresAt: Date | null;
}

export interface ApiKeysRepository {
  /**
   * null when the owner (the user, or the team) does not exist, also when it is deleted meanwhile, so
   * a key never outlives its owner. a hash already stored is refused (it throws): 32 random bytes
   * never repeat, so that is a fault, not a case to handle.
   */
  create(key: NewApiKey): Promise<ApiKeyRecord | null>;
  /** the key of this hash, revoked, expired or not (the caller decides); null when unknown */
  findByHash(keyHash: string): Promise<ApiKeyRecord | null>;
  /** one key of the owner, unless revoked; null for anyone else's or an unknown id */
  findById(owner: ApiKeyOwner, id: string): Promise<ApiKeyRecord | null>;
  /** the owner's keys that are not revoked (expired ones too), newest first */
  list(owner: ApiKeyOwner): Promise<ApiKeyRecord[]>;
  /** the owner's keys that still work at `now`: not revoked, not expired */
  countLive(owner: ApiKeyOwner, now: Date): Promise<number>;
  /** null when not found for that owner, or revoked */
  rename(owner: ApiKeyOwner, id: string, name: string): Promise<ApiKeyRecord | null>;
  /** false when not found for that owner, or revoked already */
  revoke(owner: ApiKeyOwner, id: string, at: Date): Promise<boolean>;
  /**
   * records a use at `at` unless one was recorded after `unlessAfter`: one write a minute at most
   * per key however many replicas serve it. false when nothing was written.
   */
  touch(id: string, at: Date, unlessAfter: Date): Promise<boolean>;
}
