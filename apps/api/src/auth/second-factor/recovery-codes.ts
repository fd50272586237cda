import { createHash, randomInt } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '@cardcraft/contracts';

// lower-case letters and digits without the look-alikes (0/o, 1/l/i): read off paper without doubt
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const HALF = 5;

/** "7hq3k-pm2xd": ten characters (about 49 bits) in two halves */
function newCode(): string {
  const chars = Array.from({ length: HALF * 2 }, () => ALPHABET[randomInt(ALPHABET.length)]!);
  return `${chars.slice(0, HALF).join('')}-${chars.slice(HALF).join('')}`;
}

/** a code as typed, to compare: case, spaces and dashes do not matter */
export function normalizeRecoveryCode(typed: string): string {
  return typed.toLowerCase().replace(/[\s-]/g, '');
}

/** whether what was typed has a recovery code's shape (an app's code is six digits) */
export function looksLikeRecoveryCode(typed: string): boolean {
  return /^[a-z0-9]{10}$/.test(normalizeRecoveryCode(typed)) && !/^\d+$/.test(normalizeRecoveryCode(typed));
}

/** only this is stored: a code is worth as much as a password for a while, but is random and long */
export function hashRecoveryCode(typed: string): string {
  return createHash('sha256')
    .update(`cardcraft:recovery:${normalizeRecoveryCode(typed)}`)
    .digest('hex');
}

/** a new set, shown once, and the hashes the store keeps */
export function newRecoveryCodes(): { codes: string[]; hashes: string[] } {
  const codes = new Set<string>();
  while (codes.size < RECOVERY_CODE_COUNT) codes.add(newCode());
  return { codes: [...codes], hashes: [...codes].map(hashRecoveryCode) };
}
