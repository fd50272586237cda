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
  /**
   * deletes the user with its sessions, e-mailed links and team memberships; the account service
   * deletes (or hands over) the cards it holds first
   */
  delete(id: string): Promise<boolean>;
}
