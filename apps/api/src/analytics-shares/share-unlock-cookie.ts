import '@fastify/cookie';
import { Inject, Injectable } from '@nestjs/common';
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { APP_CONFIG, type AppConfig } from '../platform/config/app-config';

export const SHARE_UNLOCK_COOKIE = 'cardcraft_share';
/** how long a given password keeps the dashboard open in that browser */
export const SHARE_UNLOCK_TTL_SECONDS = 12 * 3600;

/** the one path a link's cookie is sent to: its own routes, no other link's */
export function sharePath(token: string): string {
  return `/api/shared/analytics/${token}`;
}

/**
 * the proof that this browser gave a link's password: `{shareId}.{expiry in ms}.{hmac}`, signed with a
 * key of its own made from the session secret, so nothing is stored server-side. HttpOnly,
 * SameSite=Lax, scoped to the link's own path, Secure behind https as the session cookie is. a revoked
 * link's cookie names a link that no longer exists, so it opens nothing.
 */
@Injectable()
export class ShareUnlockCookie {
  private readonly key: Buffer;
  private readonly secure: boolean;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    // a key of its own: a session token's signature can never pass as an unlock's, nor the reverse
    this.key = createHmac('sha256', config.jwtSecret).update('cardcraft analytics share unlock').digest();
    this.secure = new URL(config.publicBaseUrl).protocol === 'https:';
  }

  set(reply: FastifyReply, token: string, shareId: string, now = Date.now()): void {
    const expires = now + SHARE_UNLOCK_TTL_SECONDS * 1000;
    void reply.setCookie(SHARE_UNLOCK_COOKIE, `${shareId}.${expires}.${this.sign(shareId, expires)}`, {
      httpOnly: true,
      sameSite: 'lax',
      secure: this.secure,
      path: sharePath(token),
      maxAge: SHARE_UNLOCK_TTL_SECONDS,
    });
  }

  /** true when the request carries an unexpired cookie signed for this link */
  opens(request: FastifyRequest, shareId: string, now = Date.now()): boolean {
    const value = request.cookies?.[SHARE_UNLOCK_COOKIE];
    if (!value) return false;
    const [id, expiresText, signature, ...rest] = value.split('.');
    if (rest.length > 0 || id !== shareId || !signature || !/^\d{1,15}$/.test(expiresText ?? ''))
      return false;
    const expires = Number(expiresText);
    if (expires <= now) return false;
    const expected = Buffer.from(this.sign(id, expires));
    const given = Buffer.from(signature);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  private sign(shareId: string, expires: number): string {
    return createHmac('sha256', this.key).update(`${shareId}.${expires}`).digest('base64url');
  }
}
