import { signatureMatches, signValue } from '../../platform/security/signed-values';

/** user id (24 hex), expiry (unix seconds), signature (32 bytes, base64url) */
const TOKEN = /^([0-9a-f]{24})\.(\d{10})\.([A-Za-z0-9_-]{43})$/;
// long enough to open the authenticator app, short enough that a stolen password's half is stale soon
export const CHALLENGE_TTL_SECONDS = 5 * 60;

const PURPOSE = 'sign-in-challenge';

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
    token: `${userId}.${expires}.${signValue(secret, PURPOSE, `${userId}:${expires}`)}`,
    expiresAt: new Date(Number(expires) * 1000),
  };
}

/** the account a live challenge names, or null: malformed, altered, another server's or expired */
export function readSignInChallenge(secret: string, token: unknown, now = Date.now()): string | null {
  if (typeof token !== 'string') return null;
  const match = TOKEN.exec(token);
  if (!match) return null;
  const [, userId, expires, given] = match as unknown as [string, string, string, string];
  if (!signatureMatches(secret, PURPOSE, `${userId}:${expires}`, given)) return null;
  return Number(expires) * 1000 > now ? userId : null;
}
