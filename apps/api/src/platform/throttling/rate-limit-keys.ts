import { normalizeIp } from '@nestjs/throttler';
import { createHash } from 'node:crypto';
import type { RateLimitName } from '../config/rate-limit-settings';

/** what a rate limit needs of the request: the address fastify resolved (TRUST_PROXY) and the account */
export interface RateLimitedRequest {
  ip: string;
  /** set by the auth guard when a valid bearer came with the request */
  userId?: string | null;
  body?: unknown;
  /** the route's parameters: a shared link's password tries count per link (its token, hashed) */
  params?: unknown;
}

/**
 * the budget an address draws from: an IPv4 address on its own, an IPv6 address with its whole /64
 * (one household or server owns a /64 and picks addresses in it freely); an IPv4 address written as
 * IPv6 (::ffff:a.b.c.d) counts as that IPv4 address.
 */
export function clientAddressKey(ip: string): string {
  return normalizeIp(ip, 64);
}

/**
 * who spends the budget of one request: the address, and the account when someone is signed in, so
 * rotating addresses does not help a signed-in client. the sign-in and password-reset limits per
 * account count the e-mail tried (hashed, so no e-mail address sits in a counter's key); the password
 * tries of a shared dashboard link count per link too, whoever tries.
 */
export function rateLimitTrackers(name: RateLimitName, request: RateLimitedRequest): string[] {
  if (name === 'signInPerAccount' || name === 'passwordResetPerAccount') {
    const email = (request.body as { email?: unknown } | undefined)?.email;
    if (typeof email !== 'string' || email.trim() === '') return [];
    return [`email:${createHash('sha256').update(email.trim().toLowerCase()).digest('hex')}`];
  }
  if (name === 'shareUnlockPerLink') {
    const token = (request.params as { token?: unknown } | undefined)?.token;
    if (typeof token !== 'string' || token === '') return [];
    return [`share:${createHash('sha256').update(token).digest('hex')}`];
  }
  const trackers = [`address:${clientAddressKey(request.ip)}`];
  if (typeof request.userId === 'string' && request.userId !== '') trackers.push(`account:${request.userId}`);
  return trackers;
}

/** "42 seconds", "a minute", "15 minutes", "an hour": how long to wait, rounded up, for the 429 message */
export function waitText(seconds: number): string {
  const whole = Math.max(1, Math.ceil(seconds));
  if (whole < 60) return whole === 1 ? 'a second' : `${whole} seconds`;
  const minutes = Math.ceil(whole / 60);
  if (minutes < 60) return minutes === 1 ? 'a minute' : `${minutes} minutes`;
  const hours = Math.ceil(minutes / 60);
  return hours === 1 ? 'an hour' : `${hours} hours`;
}
