import { signatureMatches, signValue } from '../platform/security/signed-values';

/** session id (24 hex, as both stores make them), signature (32 bytes, base64url) */
const TOKEN = /^([0-9a-f]{24})\.([A-Za-z0-9_-]{43})$/;

const PURPOSE = 'end-session';

/**
 * the token of a new sign-in mail's "this was not me" link: signed with the app's secret, so it
 * needs no storage; it can only end the one session it names, which expires on its own anyway
 */
export function sessionEndToken(secret: string, sessionId: string): string {
  return `${sessionId}.${signValue(secret, PURPOSE, sessionId)}`;
}

/** the session a token names, or null when it is malformed or not signed by this app */
export function readSessionEndToken(secret: string, token: unknown): string | null {
  if (typeof token !== 'string') return null;
  const match = TOKEN.exec(token);
  if (!match) return null;
  const sessionId = match[1]!;
  return signatureMatches(secret, PURPOSE, sessionId, match[2]!) ? sessionId : null;
}
