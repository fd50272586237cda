/** an account's authenticator app (TOTP, RFC 6238) and its recovery codes */
export interface SecondFactorRecord {
  userId: string;
  /** the shared secret, sealed by the api with its own key: the store never holds it in the clear */
  sealedSecret: string;
  /** null while it is being set up: the secret was shown, no code has confirmed it yet */
  enabledAt: Date | null;
  /** the last time step whose code was accepted (0 before any): no code is taken twice */
  lastTimeStep: number;
  /** the recovery codes not used yet */
  recoveryCodesLeft: number;
  createdAt: Date;
}

export interface SecondFactorsRepository {
  find(userId: string): Promise<SecondFactorRecord | null>;
  /**
   * keeps a new secret waiting for its first code, in place of one that waited; false when the
   * user has one turned on already, or does not exist
   */
  begin(userId: string, sealedSecret: string): Promise<boolean>;
  /**
   * turns the waiting secret on, its first code's time step taken, with these recovery codes (their
   * hashes); false when none was waiting
   */
  enable(userId: string, timeStep: number, recoveryCodeHashes: readonly string[]): Promise<boolean>;
  /** takes a code's time step once: true (and kept) when it is later than the last taken, while on */
  useTimeStep(userId: string, timeStep: number): Promise<boolean>;
  /** spends a recovery code (its hash) once: true when it was the user's and not spent, while on */
  useRecoveryCode(userId: string, codeHash: string): Promise<boolean>;
  /** new recovery codes in place of all the old ones; false when it is not on */
  replaceRecoveryCodes(userId: string, codeHashes: readonly string[]): Promise<boolean>;
  /** turns it off: the secret and the codes are forgotten; false when there was none */
  remove(userId: string): Promise<boolean>;
  /** which of these users have one turned on */
  enabledAmong(userIds: readonly string[]): Promise<Set<string>>;
}
