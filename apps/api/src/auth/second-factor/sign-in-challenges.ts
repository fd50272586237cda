import { createHmac, timingSafeEqual } from 'node:crypto';

/** user id (24 hex), expiry (unix seconds), signature (32 bytes, base64url) */
const TOKEN = /^([0-9a-f]{24})\.(\d{10})\.([A-Za-z0-9_-]{43})$/;
// long enough to open the authenticator app, short enough that a stolen password's half is stale soon
export const CHALLENGE_TTL_SECONDS = 5 * 60;

function signature(secret: string, userId: string, expires: string): string {
  return createHmac('sha256', secret)
    .update(`cardcraft:sign-in-challenge:${userId}:${expires}`)
    .digest('base64url');
}

/**
 * the proof that a sign-in's password was right, handed back with the code of the second step: signed
 * with the app's secret, so it needs no storage; it names the account and expires in minutes
 */
export function signInChallenge(
  secret: string,
  userId: string,
  now = Date.now(),
): { token: string; expiresAt: Date } {
  const expires = String(Math.floor(now / 1000) + CHALLENGE_TTL_SECONDS);
  return {
    token: `${userId}.${expires}.${signature(secret, userId, expires)}`,
    expiresAt: new Date(Number(expires) * 1000),
  };
}

/** the account a live challenge names, or null: malformed, altered, another server's or expired */
export function readSignInChallenge(secret: string, token: unknown, now = Date.now()): string | null {
  if (typeof token !== 'string') return null;
  const match = TOKEN.exec(token);
  if (!match) return null;
  const [, userId, expires, given] = match as unknown as [string, string, string, string];
  const expected = Buffer.from(signature(secret, userId, expires));
  if (expected.length !== given.length || !timingSafeEqual(expected, Buffer.from(given))) return null;
  return Number(expires) * 1000 > now ? userId : null;
}
