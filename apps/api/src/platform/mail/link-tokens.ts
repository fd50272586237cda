import { createHash, randomBytes } from 'node:crypto';

/** a link's secret: 32 random bytes as 43 base64url characters; only its hash is stored */
export function newLinkToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashLinkToken(token) };
}

export function hashLinkToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
