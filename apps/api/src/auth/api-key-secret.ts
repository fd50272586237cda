import { API_KEY_PREFIX } from '@cardcraft/contracts';
import { createHash, randomBytes } from 'node:crypto';

/** characters of a key shown in lists: the prefix and 8 of the secret, enough to tell keys apart */
const DISPLAY_LENGTH = API_KEY_PREFIX.length + 8;

/** a new key: the prefix and 32 random bytes (256 bits), base64url */
export function newApiKey(): { key: string; keyHash: string; prefix: string } {
  const key = API_KEY_PREFIX + randomBytes(32).toString('base64url');
  return { key, keyHash: hashApiKey(key), prefix: key.slice(0, DISPLAY_LENGTH) };
}

/**
 * what is stored of a key. a fast hash is right here, unlike for passwords: a key is 256 random bits,
 * so no dictionary or brute force can reverse its hash, and a slow hash would cost every request it
 * makes. the lookup by hash also keeps the comparison off the secret itself.
 */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** a bearer value shaped like a key: read as a key, never as a session token */
export function isApiKeyText(token: string): boolean {
  return token.startsWith(API_KEY_PREFIX);
}
