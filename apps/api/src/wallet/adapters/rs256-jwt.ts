import { createPrivateKey, sign } from 'node:crypto';

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

/**
 * a compact JWS of the claims, RS256 with the PEM key: the form Google's save links take (Google signs
 * them the same way in its own samples, with a service account's key)
 */
export function signedRs256Jwt(claims: object, privateKeyPem: string): string {
  const input = `${base64url(JSON.stringify({ alg: 'RS256', typ: 'JWT' }))}.${base64url(JSON.stringify(claims))}`;
  const signature = sign('sha256', Buffer.from(input), createPrivateKey(privateKeyPem));
  return `${input}.${base64url(signature)}`;
}
