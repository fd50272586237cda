import { signatureMatches, signValue } from '../platform/security/signed-values';

/** what an unsubscribe link turns off: the analytics report, or the traffic alert */
export type AnalyticsMailKind = 'report' | 'alert';

const KINDS: readonly AnalyticsMailKind[] = ['report', 'alert'];
/** kind, user id (24 hex, as both stores make them), signature (32 bytes, base64url) */
const TOKEN = /^(report|alert)\.([0-9a-f]{24})\.([A-Za-z0-9_-]{43})$/;

const PURPOSE = 'analytics-mail-unsubscribe';

/**
 * the token of a mail's unsubscribe link: signed with the app's secret, so it needs no storage and
 * does not expire (an old mail's link keeps working); it can only turn its own kind off
 */
export function unsubscribeToken(secret: string, kind: AnalyticsMailKind, userId: string): string {
  return `${kind}.${userId}.${signValue(secret, PURPOSE, `${kind}:${userId}`)}`;
}

/** the owner and kind a token names, or null when it is malformed or not signed by this app */
export function readUnsubscribeToken(
  secret: string,
  token: unknown,
): { kind: AnalyticsMailKind; userId: string } | null {
  if (typeof token !== 'string') return null;
  const match = TOKEN.exec(token);
  if (!match) return null;
  const kind = match[1] as AnalyticsMailKind;
  const userId = match[2]!;
  if (!KINDS.includes(kind)) return null;
  return signatureMatches(secret, PURPOSE, `${kind}:${userId}`, match[3]!) ? { kind, userId } : null;
}

/** the List-Unsubscribe headers of a mail (RFC 2369 and RFC 8058's one-click POST) */
export function unsubscribeHeaders(apiLink: string): Record<string, string> {
  return { 'List-Unsubscribe': `<${apiLink}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

/** the api's one-click address and the web page's, for one owner and kind */
export function unsubscribeLinks(
  baseUrl: string,
  secret: string,
  kind: AnalyticsMailKind,
  userId: string,
): { api: string; page: string } {
  const token = encodeURIComponent(unsubscribeToken(secret, kind, userId));
  return {
    api: `${baseUrl}/api/mail/unsubscribe?token=${token}`,
    page: `${baseUrl}/unsubscribe?token=${token}`,
  };
}
