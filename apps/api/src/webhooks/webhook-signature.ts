import { createHmac, randomBytes } from 'node:crypto';

// Standard Webhooks signing: a secret is whsec_ and base64 of random bytes; a signature is v1, and
// base64 of HMAC-SHA256 over "id.timestamp.body" keyed with the decoded bytes

const PREFIX = 'whsec_';

/** a new secret: 32 random bytes (the standard asks for 24 to 64) */
export function newWebhookSecret(): string {
  return PREFIX + randomBytes(32).toString('base64');
}

export function signWebhook(
  secret: string,
  messageId: string,
  timestampSeconds: number,
  body: string,
): string {
  const key = Buffer.from(secret.startsWith(PREFIX) ? secret.slice(PREFIX.length) : secret, 'base64');
  const mac = createHmac('sha256', key).update(`${messageId}.${timestampSeconds}.${body}`).digest('base64');
  return `v1,${mac}`;
}

/** the webhook-signature header: one entry per secret in use, space-separated, newest first */
export function signatureHeader(
  secrets: readonly string[],
  messageId: string,
  timestampSeconds: number,
  body: string,
): string {
  return secrets.map((secret) => signWebhook(secret, messageId, timestampSeconds, body)).join(' ');
}
