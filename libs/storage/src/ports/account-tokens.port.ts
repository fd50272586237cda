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
