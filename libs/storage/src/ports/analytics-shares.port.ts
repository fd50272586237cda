/**
 * a read-only link to one card's analytics: whoever holds its token sees the card's aggregate figures,
 * never a visitor's row. the token itself is kept (beside its hash) so the owner can copy the link
 * again from the list, as webhook secrets are kept: it opens aggregates only, and the owner revokes it
 * at any time. a visit finds the link by the token's hash.
 */
export interface AnalyticsShareRecord {
  id: string;
  profileId: string;
  /** the account that made it: deleting the account deletes its links */
  ownerId: string;
  label: string | null;
  /** the link's secret: 32 random bytes, base64url */
  token: string;
  /** sha-256 of the token, hex */
  tokenHash: string;
  /** scrypt, as account passwords; null: the link alone opens the dashboard */
  passwordHash: string | null;
  createdAt: Date;
  lastViewedAt: Date | null;
}

export interface NewAnalyticsShare {
  profileId: string;
  ownerId: string;
  label: string | null;
  token: string;
  tokenHash: string;
  passwordHash: string | null;
}

export interface AnalyticsSharesRepository {
  /**
   * null when the card does not exist, also when it is deleted meanwhile, so a link never outlives
   * its card. a token hash already stored is refused (it throws): 32 random bytes never repeat.
   */
  create(share: NewAnalyticsShare): Promise<AnalyticsShareRecord | null>;
  /** the link of this token hash; null when unknown or revoked */
  findByTokenHash(tokenHash: string): Promise<AnalyticsShareRecord | null>;
  /** the card's links, newest first */
  listByProfile(profileId: string): Promise<AnalyticsShareRecord[]>;
  countByProfile(profileId: string): Promise<number>;
  /** revokes (deletes) one link of the card; false when the card has no link of that id */
  delete(profileId: string, id: string): Promise<boolean>;
  /** every link of the card (the card is deleted); answers how many went */
  deleteByProfile(profileId: string): Promise<number>;
  /** every link the account made (the account is deleted); answers how many went */
  deleteByOwner(ownerId: string): Promise<number>;
  /**
   * records a view at `at` unless one was recorded after `unlessAfter`: one write a minute at most
   * per link however many replicas serve it. false when nothing was written.
   */
  touch(id: string, at: Date, unlessAfter: Date): Promise<boolean>;
}
