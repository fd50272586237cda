import { createHash } from 'node:crypto';
import { signatureMatches, signValue } from '../../platform/security/signed-values';

export type PasskeyCeremony = 'register' | 'authenticate';

/** ceremony, user id (24 hex, or - when no one is signed in), challenge, expiry, signature */
const TOKEN =
  /^(register|authenticate)\.([0-9a-f]{24}|-)\.([A-Za-z0-9_-]{16,128})\.(\d{10})\.([A-Za-z0-9_-]{43})$/;
// as long as a person may take at their device
export const CHALLENGE_TTL_SECONDS = 5 * 60;

export interface PasskeyChallenge {
  ceremony: PasskeyCeremony;
  userId: string | null;
  challenge: string;
  expiresAt: Date;
}

const PURPOSE = 'passkey-challenge';

/**
 * a WebAuthn challenge handed to the browser with its options, signed with the app's secret so the
 * server keeps nothing until it is answered; it names its ceremony and, for a registration, the
 * account. each is answered once (PasskeysRepository.claimChallenge).
 */
export function passkeyChallengeToken(
  secret: string,
  challenge: Omit<PasskeyChallenge, 'expiresAt'>,
): string {
  const expires = Math.floor(Date.now() / 1000) + CHALLENGE_TTL_SECONDS;
  const body = `${challenge.ceremony}.${challenge.userId ?? '-'}.${challenge.challenge}.${expires}`;
  return `${body}.${signValue(secret, PURPOSE, body)}`;
}

/** the challenge a live token names, or null: malformed, altered, another server's or expired */
export function readPasskeyChallenge(secret: string, token: string): PasskeyChallenge | null {
  const match = TOKEN.exec(token);
  if (!match) return null;
  const [, ceremony, user, challenge, expires, given] = match as unknown as string[];
  const body = `${ceremony}.${user}.${challenge}.${expires}`;
  if (!signatureMatches(secret, PURPOSE, body, given!)) return null;
  const expiresAt = new Date(Number(expires) * 1000);
  if (expiresAt.getTime() <= Date.now()) return null;
  return {
    ceremony: ceremony as PasskeyCeremony,
    userId: user === '-' ? null : user!,
    challenge: challenge!,
    expiresAt,
  };
}

/** what the store keeps of an answered challenge */
export function challengeHash(challenge: string): string {
  return createHash('sha256').update(challenge).digest('hex');
}
