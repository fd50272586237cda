/** where a sign-in came from, as far as the server can tell; '' where it cannot */
export interface SessionOrigin {
  /** the browser's user agent when the session began */
  userAgent: string;
  /** ISO 3166 alpha-2 of the address it signed in from */
  country: string;
  /**
   * the device the sign-in came from: the browser's device cookie, or a digest of the user agent
   * for a client that keeps no cookies. a sign-in from a device no stored session names is new.
   */
  deviceId: string;
}

/** one sign-in: the token names it, so it can end before the token expires */
export interface SessionRecord extends SessionOrigin {
  id: string;
  userId: string;
  createdAt: Date;
  expiresAt: Date;
  /** when a request last used it (kept to within a few minutes), createdAt at first */
  lastSeenAt: Date;
  /**
   * when its holder last proved who they are (the password at sign-in, or again since): what
   * matters most (a new API key, say) asks for a recent one. createdAt at first.
   */
  provedAt: Date;
  /** set when the session was ended (logout, password change); null while it is live */
  revokedAt: Date | null;
}

export interface NewSession extends Partial<SessionOrigin> {
  userId: string;
  expiresAt: Date;
}

export interface SessionsRepository {
  /**
   * null when the user does not exist (also when it is deleted while the session is created), so a
   * session never outlives its user
   */
  create(session: NewSession): Promise<SessionRecord | null>;
  /** the session whether live, revoked or expired; the caller decides */
  findById(id: string): Promise<SessionRecord | null>;
  /** the user's sessions that are neither revoked nor expired at `now`, the last seen first */
  listLive(userId: string, now: Date): Promise<SessionRecord[]>;
  /** whether any stored session of the user (live, ended or expired, until swept) came from the device */
  hasDevice(userId: string, deviceId: string): Promise<boolean>;
  /** records that the session was used at `at` */
  touch(id: string, at: Date): Promise<void>;
  /** records that the session's holder proved who they are at `at`; false when it is not live */
  markProved(id: string, at: Date): Promise<boolean>;
  /** false when the session is unknown or already revoked */
  revoke(id: string): Promise<boolean>;
  /** revokes the session only when it is the user's and live; false otherwise */
  revokeOfUser(userId: string, id: string): Promise<boolean>;
  /** revokes every live session of the user but the one kept; answers how many were revoked */
  revokeAllForUser(userId: string, exceptSessionId?: string): Promise<number>;
  /** removes sessions that expired at or before `now` (revoked or not); answers how many */
  deleteExpired(now: Date): Promise<number>;
}
