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
