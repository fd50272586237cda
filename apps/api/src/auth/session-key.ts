import { createSecretKey, type KeyObject } from 'node:crypto';

const keys = new Map<string, KeyObject>();

/**
 * the tokens' HMAC key, made once per secret. handed the secret as a string, jsonwebtoken first tries
 * to read it as a PEM public key and, when that throws, makes a secret key: on every verification.
 */
export function sessionKey(secret: string): KeyObject {
  let key = keys.get(secret);
  if (!key) {
    key = createSecretKey(Buffer.from(secret, 'utf8'));
    keys.set(secret, key);
  }
  return key;
}
