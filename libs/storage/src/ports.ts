import type {
  BlockResponse,
  ContactResponse,
  MediaResponse,
  PrivacyResponse,
  ProfileContent,
  SocialLinkResponse,
} from '@cardcraft/contracts';
import type { MediaRepository } from './media';

// what the services need from storage; adapters (mongo, sqlite) implement it and pass one contract suite.

export interface UserRecord {
  id: string;
  /** stored lower-cased; unique */
  email: string;
  displayName: string;
  passwordHash: string;
  /** e-mail the user for each new message on one of the user's cards; true unless turned off */
  notifyOnMessages: boolean;
  createdAt: Date;
  updatedAt: Date;
}

export interface NewUser {
  email: string;
  displayName: string;
  passwordHash: string;
}

export interface UserPatch {
  displayName?: string;
  passwordHash?: string;
  /** lower-cased by the store; throws DuplicateKeyError('email') when another account has it */
  email?: string;
  notifyOnMessages?: boolean;
}

// a profile's parts are the contracts' one shape of a card (ProfileContent); the store adds its dates
export type ContactRecord = ContactResponse;
export type MediaRecord = MediaResponse;
export type PrivacyRecord = PrivacyResponse;
export type SocialLinkRecord = SocialLinkResponse;
export type BlockRecord = BlockResponse;

/** everything of a profile its owner edits, and when it was published */
export interface ProfileData extends ProfileContent {
  publishedAt: Date | null;
}

export interface ProfileRecord extends ProfileData {
  id: string;
  ownerId: string;
  createdAt: Date;
  updatedAt: Date;
}

export interface NewLead {
  profileId: string;
  email: string;
  message: string | null;
  /** the message form's extra fields; null when not asked for or left empty */
  name: string | null;
  phone: string | null;
  company: string | null;
  consent: boolean;
  consentText: string;
  visitorUserId: string | null;
}

export interface LeadRecord extends NewLead {
  id: string;
  createdAt: Date;
}

/** one sign-in: the token names it, so it can end before the token expires */
export interface SessionRecord {
  id: string;
  userId: string;
  createdAt: Date;
  expiresAt: Date;
  /** set when the session was ended (logout, password change); null while it is live */
  revokedAt: Date | null;
}

export interface NewSession {
  userId: string;
  expiresAt: Date;
}

/** what an e-mailed link of the account is for */
export type AccountTokenPurpose = 'password-reset' | 'email-change';

/**
 * a single-use, expiring link sent by e-mail. only a hash of the link's secret is stored, so the
 * store's contents alone open no account.
 */
export interface AccountTokenRecord {
  id: string;
  userId: string;
  purpose: AccountTokenPurpose;
  /** sha-256 of the secret, hex */
  tokenHash: string;
  /** an e-mail change: the address that applies when the link is opened */
  newEmail: string | null;
  createdAt: Date;
  expiresAt: Date;
}

export interface NewAccountToken {
  userId: string;
  purpose: AccountTokenPurpose;
  tokenHash: string;
  newEmail: string | null;
  expiresAt: Date;
}

export interface PageRequest {
  offset: number;
  limit: number;
}

export interface PageResult<T> {
  items: T[];
  total: number;
}

export interface UsersRepository {
  /** throws DuplicateKeyError('email') when the e-mail (case-insensitive) is taken */
  create(user: NewUser): Promise<UserRecord>;
  findById(id: string): Promise<UserRecord | null>;
  /** the users of these ids that exist, in no particular order: one round trip for a page of them */
  findByIds(ids: readonly string[]): Promise<UserRecord[]>;
  /** case-insensitive */
  findByEmail(email: string): Promise<UserRecord | null>;
  /** throws DuplicateKeyError('email') when a patched e-mail belongs to another account */
  update(id: string, patch: UserPatch): Promise<UserRecord | null>;
  /** deletes the user with its sessions and e-mailed links; the account service deletes what it owns first */
  delete(id: string): Promise<boolean>;
}

export interface SessionsRepository {
  /**
   * null when the user does not exist (also when it is deleted while the session is created), so a
   * session never outlives its user
   */
  create(session: NewSession): Promise<SessionRecord | null>;
  /** the session whether live, revoked or expired; the caller decides */
  findById(id: string): Promise<SessionRecord | null>;
  /** false when the session is unknown or already revoked */
  revoke(id: string): Promise<boolean>;
  /** revokes every live session of the user but the one kept; answers how many were revoked */
  revokeAllForUser(userId: string, exceptSessionId?: string): Promise<number>;
  /** removes sessions that expired at or before `now` (revoked or not); answers how many */
  deleteExpired(now: Date): Promise<number>;
}

export interface ProfilesRepository {
  /** throws DuplicateKeyError('handle') when the handle is taken */
  create(ownerId: string, data: ProfileData): Promise<ProfileRecord>;
  findById(id: string): Promise<ProfileRecord | null>;
  /** null when the profile does not exist or belongs to someone else */
  findOwned(id: string, ownerId: string): Promise<ProfileRecord | null>;
  findByHandle(handle: string): Promise<ProfileRecord | null>;
  /** oldest first */
  listByOwner(ownerId: string): Promise<ProfileRecord[]>;
  /** null when not found for that owner; throws DuplicateKeyError('handle') */
  update(id: string, ownerId: string, data: ProfileData): Promise<ProfileRecord | null>;
  /** deletes the profile and its leads; false when not found for that owner */
  delete(id: string, ownerId: string): Promise<boolean>;
}

export interface LeadsRepository {
  create(lead: NewLead): Promise<LeadRecord>;
  /** newest first */
  listByProfile(profileId: string, page: PageRequest): Promise<PageResult<LeadRecord>>;
  /** null when the lead does not exist on that profile */
  findOne(profileId: string, leadId: string): Promise<LeadRecord | null>;
  /** false when the lead does not exist on that profile */
  delete(profileId: string, leadId: string): Promise<boolean>;
}

export interface AccountTokensRepository {
  /** null when the user does not exist */
  create(token: NewAccountToken): Promise<AccountTokenRecord | null>;
  /**
   * takes the token of this hash and purpose if it has not expired at `now`, and removes it, so
   * of two callers with the same link only one gets it; null when unknown, used or expired
   */
  consume(tokenHash: string, purpose: AccountTokenPurpose, now: Date): Promise<AccountTokenRecord | null>;
  /** removes the user's tokens of the purpose (a new link replaces the older ones); answers how many */
  deleteForUser(userId: string, purpose: AccountTokenPurpose): Promise<number>;
  /** removes the tokens that expired at or before `now`; answers how many */
  deleteExpired(now: Date): Promise<number>;
}

export interface Storage {
  readonly kind: 'mongo' | 'sqlite';
  readonly users: UsersRepository;
  readonly profiles: ProfilesRepository;
  readonly leads: LeadsRepository;
  readonly sessions: SessionsRepository;
  /** images: GridFS in MongoDB, files under DATA_DIR/media beside the SQLite file */
  readonly media: MediaRepository;
  /** the e-mailed links: password resets and e-mail changes (deleted with their user) */
  readonly accountTokens: AccountTokensRepository;
  /** throws when the store does not answer */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export type StorageOptions = { kind: 'mongo'; mongoUrl: string } | { kind: 'sqlite'; file: string };

export class DuplicateKeyError extends Error {
  constructor(readonly key: 'email' | 'handle') {
    super(`duplicate ${key}`);
    this.name = 'DuplicateKeyError';
  }
}
