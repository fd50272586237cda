import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * the signature (HMAC-SHA-256, base64url: 43 characters) of a value the server hands out and reads
 * back unstored: a mail's link, a sign-in's challenge. `purpose` keeps one kind's signature from
 * passing as another's.
 */
export function signValue(secret: string, purpose: string, value: string): string {
  return createHmac('sha256', secret).update(`cardcraft:${purpose}:${value}`).digest('base64url');
}

/** whether `given` is the value's signature, compared in constant time */
export function signatureMatches(secret: string, purpose: string, value: string, given: string): boolean {
  const expected = Buffer.from(signValue(secret, purpose, value));
  const received = Buffer.from(given);
  return expected.length === received.length && timingSafeEqual(expected, received);
}
