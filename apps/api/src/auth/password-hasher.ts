import { Inject, Injectable } from '@nestjs/common';
import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { APP_CONFIG, type AppConfig } from '../platform/config/app-config';

const scrypt = (password: string, salt: Buffer, keyLength: number, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) =>
    scryptCallback(password, salt, keyLength, options, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );

export interface ScryptParams {
  N: number;
  r: number;
  p: number;
}

const BLOCK_SIZE = 8;
const PARALLELISM = 1;
const SALT_LENGTH = 16;
const KEY_LENGTH = 32;
// a stored hash is only trusted up to these, so a corrupted row cannot make a sign-in allocate gigabytes
const MAX_N = 2 ** 20;
const MAX_R = 32;
const MAX_P = 16;

/** scrypt needs 128 * N * r * p bytes; node refuses anything over maxmem, so allow that plus headroom */
function maxMemory({ N, r, p }: ScryptParams): number {
  return 128 * N * r * p + 32 * 1024 * 1024;
}

interface ParsedHash extends ScryptParams {
  salt: Buffer;
  key: Buffer;
}

/** scrypt$N$r$p$salt$key, or null when the string is not a hash this module can check */
function parseHash(stored: string): ParsedHash | null {
  const [scheme, n, r, p, saltText, keyText, ...rest] = stored.split('$');
  if (scheme !== 'scrypt' || !saltText || !keyText || rest.length > 0) return null;
  const params = { N: Number(n), r: Number(r), p: Number(p) };
  const powerOfTwo = Number.isInteger(params.N) && params.N > 1 && (params.N & (params.N - 1)) === 0;
  if (!powerOfTwo || params.N > MAX_N) return null;
  if (!Number.isInteger(params.r) || params.r < 1 || params.r > MAX_R) return null;
  if (!Number.isInteger(params.p) || params.p < 1 || params.p > MAX_P) return null;
  const salt = Buffer.from(saltText, 'base64url');
  const key = Buffer.from(keyText, 'base64url');
  if (salt.length === 0 || key.length === 0) return null;
  return { ...params, salt, key };
}

export function formatHash(params: ScryptParams, salt: Buffer, key: Buffer): string {
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64url'), key.toString('base64url')].join(
    '$',
  );
}

/**
 * scrypt with a random 16-byte salt per password and self-describing hashes (scrypt$N$r$p$salt$key),
 * so older hashes keep verifying and are upgraded at the next sign-in. N comes from the configuration
 * (OWASP's 2^17 by default), r=8 and p=1.
 */
@Injectable()
export class PasswordHasher {
  readonly params: ScryptParams;
  /**
   * checked when the e-mail is unknown: the current parameters cost the same work as a real account's
   * hash, so a failed sign-in takes the same time either way. no password has an all-zero key.
   */
  readonly dummyHash: string;

  constructor(@Inject(APP_CONFIG) config: Pick<AppConfig, 'passwordScryptCost'>) {
    this.params = { N: config.passwordScryptCost, r: BLOCK_SIZE, p: PARALLELISM };
    this.dummyHash = formatHash(this.params, Buffer.alloc(SALT_LENGTH), Buffer.alloc(KEY_LENGTH));
  }

  async hash(password: string): Promise<string> {
    return hashWith(password, this.params);
  }

  async verify(password: string, stored: string): Promise<boolean> {
    const parsed = parseHash(stored);
    if (!parsed) return false;
    const actual = await scrypt(password, parsed.salt, parsed.key.length, {
      N: parsed.N,
      r: parsed.r,
      p: parsed.p,
      maxmem: maxMemory(parsed),
    });
    return timingSafeEqual(actual, parsed.key);
  }

  /** true for a hash made with less work, a shorter salt or key than today's (never downgrades one) */
  needsRehash(stored: string): boolean {
    const parsed = parseHash(stored);
    if (!parsed) return true;
    return (
      parsed.N < this.params.N ||
      parsed.r < this.params.r ||
      parsed.p < this.params.p ||
      parsed.salt.length < SALT_LENGTH ||
      parsed.key.length < KEY_LENGTH
    );
  }
}

/** a hash with the given parameters; the hasher uses today's, tests make older ones with it */
export async function hashWith(password: string, params: ScryptParams): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await scrypt(password, salt, KEY_LENGTH, { ...params, maxmem: maxMemory(params) });
  return formatHash(params, salt, key);
}
