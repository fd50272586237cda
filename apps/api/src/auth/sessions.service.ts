import { Inject, Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import type { SessionsRepository } from '@cardcraft/storage';
import { APP_CONFIG, type AppConfig } from '../platform/config/app-config';
import { SESSIONS } from '../platform/storage/storage.tokens';

/** how the request proved its session: the browser's cookie, or an API client's bearer header */
export type SessionCarrier = 'cookie' | 'bearer';

/** what the guard puts on an authenticated request */
export interface AuthenticatedSession {
  userId: string;
  sessionId: string;
  via: SessionCarrier;
  /** when its holder last proved who they are: at sign-in, or again since */
  provedAt: Date;
}

export interface StartedSession {
  accessToken: string;
  sessionId: string;
  expiresAt: Date;
  /** false when no stored session of the user came from this device before */
  knownDevice: boolean;
}

/** where a sign-in comes from: the device cookie's id, the user agent and the country of the address */
export interface SignInOrigin {
  deviceId: string;
  userAgent: string;
  country: string;
}

/** the claims the access token carries: the user and the server-side session it belongs to */
interface SessionClaims {
  sub: string;
  sid: string;
}

function isSessionClaims(value: unknown): value is SessionClaims {
  const claims = value as Partial<SessionClaims> | null;
  return typeof claims?.sub === 'string' && typeof claims.sid === 'string';
}

// expired sessions are swept while signing someone in, at most this often per process
const SWEEP_INTERVAL_MS = 10 * 60_000;
// an ended or expired session is kept this long, so its device is still known at the next sign-in
const DEVICE_MEMORY_MS = 90 * 86_400_000;
// a session's last use is written at most this often, not on every request
const LAST_SEEN_PRECISION_MS = 5 * 60_000;

/**
 * sessions that can end: every sign-in stores a session record, and its token (a signed JWT naming
 * the user and the session) is accepted only while that record is live. so a logout, a password
 * change or a deleted account ends a token before its expiry.
 */
@Injectable()
export class SessionsService {
  private lastSweep = 0;

  constructor(
    @Inject(SESSIONS) private readonly sessions: SessionsRepository,
    private readonly jwt: JwtService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** null when the user no longer exists (deleted while signing in) */
  async start(userId: string, origin: SignInOrigin): Promise<StartedSession | null> {
    await this.sweepExpired();
    const knownDevice = await this.sessions.hasDevice(userId, origin.deviceId);
    const issuedAt = Math.floor(Date.now() / 1000);
    const expiresAtSeconds = issuedAt + this.config.sessionTtlSeconds;
    const expiresAt = new Date(expiresAtSeconds * 1000);
    const session = await this.sessions.create({ userId, expiresAt, ...origin });
    if (!session) return null;
    // signed with the module's key (HS256)
    const accessToken = this.jwt.sign({ sub: userId, sid: session.id, iat: issuedAt, exp: expiresAtSeconds });
    return { accessToken, sessionId: session.id, expiresAt, knownDevice };
  }

  /**
   * the session a token's verified claims name, or null unless it is live: not revoked, not expired
   * and held by the user the token names
   */
  async resolve(claims: unknown, via: SessionCarrier): Promise<AuthenticatedSession | null> {
    if (!isSessionClaims(claims)) return null;
    const session = await this.sessions.findById(claims.sid);
    if (!session || session.userId !== claims.sub) return null;
    const now = Date.now();
    if (session.revokedAt !== null || session.expiresAt.getTime() <= now) return null;
    if (now - session.lastSeenAt.getTime() >= LAST_SEEN_PRECISION_MS) {
      await this.sessions.touch(session.id, new Date(now));
    }
    return { userId: session.userId, sessionId: session.id, via, provedAt: session.provedAt };
  }

  /** records a new proof of who the session's holder is; the time until which it counts, null when ended */
  async prove(sessionId: string): Promise<Date | null> {
    const now = new Date();
    if (!(await this.sessions.markProved(sessionId, now))) return null;
    return new Date(now.getTime() + this.config.reauthenticationWindowSeconds * 1000);
  }

  /** false when the session was unknown or had already ended */
  end(sessionId: string): Promise<boolean> {
    return this.sessions.revoke(sessionId);
  }

  /**
   * after a password change, or from the sessions list: whoever else held a session must sign in
   * again; answers how many sessions ended
   */
  endAllOthers(userId: string, keptSessionId: string): Promise<number> {
    return this.sessions.revokeAllForUser(userId, keptSessionId);
  }

  async endAll(userId: string): Promise<void> {
    await this.sessions.revokeAllForUser(userId);
  }

  private async sweepExpired(): Promise<void> {
    const now = Date.now();
    if (now - this.lastSweep < SWEEP_INTERVAL_MS) return;
    this.lastSweep = now;
    await this.sessions.deleteExpired(new Date(now - DEVICE_MEMORY_MS));
  }
}
