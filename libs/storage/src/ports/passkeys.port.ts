/** a passkey (a WebAuthn credential) an account signs in with, without its password */
export interface PasskeyRecord {
  /** the credential's id, base64url, as the authenticator names it: unique across accounts */
  id: string;
  userId: string;
  /** its public key (COSE), base64url */
  publicKey: string;
  /** the authenticator's signature counter at the last sign-in; 0 for the many that keep none */
  counter: number;
  /** how the browser may reach the authenticator (internal, hybrid, usb...) */
  transports: string[];
  /** the owner's name for it ("MacBook Touch ID") */
  name: string;
  /** 'multiDevice' for a passkey synced between devices, 'singleDevice' for one bound to its key */
  deviceType: string;
  backedUp: boolean;
  createdAt: Date;
  lastUsedAt: Date | null;
}

export type NewPasskey = Omit<PasskeyRecord, 'createdAt' | 'lastUsedAt'>;

export interface PasskeysRepository {
  /** false when the user is gone, or the credential is registered already (to anyone) */
  create(passkey: NewPasskey): Promise<boolean>;
  /** the account's passkeys, the oldest first */
  listForUser(userId: string): Promise<PasskeyRecord[]>;
  findById(id: string): Promise<PasskeyRecord | null>;
  /** records a sign-in with it: its new counter and when */
  recordUse(id: string, counter: number, at: Date): Promise<void>;
  /** null when it is not the user's */
  rename(userId: string, id: string, name: string): Promise<PasskeyRecord | null>;
  /** false when it is not the user's */
  delete(userId: string, id: string): Promise<boolean>;
  /** which of these users have at least one */
  holdersAmong(userIds: readonly string[]): Promise<Set<string>>;
  /**
   * a WebAuthn challenge spent: true the first time its hash is claimed, false after (a replayed
   * answer). kept until `expiresAt`, then swept
   */
  claimChallenge(challengeHash: string, expiresAt: Date): Promise<boolean>;
  deleteExpiredChallenges(now: Date): Promise<number>;
}
