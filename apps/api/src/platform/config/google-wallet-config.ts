import { createPrivateKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { ConfigError, envText, type Env } from '@cardcraft/config';

/** a Google Wallet issuer and the service account that signs its save links; null: Google Wallet is off */
export interface GoogleWalletConfig {
  /** the numeric issuer ID of the Google Pay & Wallet Console: every class and object id starts with it */
  issuerId: string;
  /** the JWT's iss */
  serviceAccountEmail: string;
  /** PEM (PKCS#8, RSA), read at start-up; secret: never logged */
  privateKey: string;
}

const ISSUER = 'GOOGLE_WALLET_ISSUER_ID';
const FILE = 'GOOGLE_WALLET_SERVICE_ACCOUNT_FILE';
const EMAIL = 'GOOGLE_WALLET_SERVICE_ACCOUNT_EMAIL';
const KEY = 'GOOGLE_WALLET_PRIVATE_KEY';
const ALL = [ISSUER, FILE, EMAIL, KEY];

const EMAIL_FORM = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** the client_email and private_key of the JSON key file Google hands out for a service account */
function readKeyFile(env: Env, cwd: string): { email: unknown; key: unknown } {
  const path = resolve(cwd, envText(env, FILE)!);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new ConfigError(`${FILE} "${path}" cannot be read: ${(error as Error).message}`);
  }
  try {
    const parsed = JSON.parse(text) as { client_email?: unknown; private_key?: unknown };
    return { email: parsed.client_email, key: parsed.private_key };
  } catch {
    throw new ConfigError(`${FILE} "${path}" must be a service account's JSON key file`);
  }
}

/** a PEM key checked to be one RS256 can sign with; \n escapes (a key pasted in one line) are read as newlines */
function rsaKey(value: unknown, from: string): string {
  const pem = typeof value === 'string' ? value.replace(/\\n/g, '\n').trim() : '';
  try {
    if (createPrivateKey(pem).asymmetricKeyType === 'rsa') return pem;
  } catch {
    // the message below says what is expected
  }
  throw new ConfigError(
    `${from} must be an unencrypted RSA private key in PEM form (-----BEGIN PRIVATE KEY-----)`,
  );
}

/**
 * GOOGLE_WALLET_ISSUER_ID, with the service account either as GOOGLE_WALLET_SERVICE_ACCOUNT_FILE (the
 * JSON key file) or as GOOGLE_WALLET_SERVICE_ACCOUNT_EMAIL and GOOGLE_WALLET_PRIVATE_KEY (PEM text),
 * never both: all or none. the key is checked at start-up, so a wrong one stops the start instead of
 * the first save.
 */
export function parseGoogleWalletEnv(env: Env, cwd: string): GoogleWalletConfig | null {
  const set = ALL.filter((name) => envText(env, name));
  if (set.length === 0) return null;
  const fromFile = set.includes(FILE);
  if (fromFile && (set.includes(EMAIL) || set.includes(KEY))) {
    throw new ConfigError(
      `Google Wallet takes the service account from ${FILE} or from ${EMAIL} and ${KEY}, not both`,
    );
  }
  const required = fromFile ? [ISSUER, FILE] : [ISSUER, EMAIL, KEY];
  const missing = required.filter((name) => !set.includes(name));
  if (missing.length > 0) {
    throw new ConfigError(
      `Google Wallet needs ${ISSUER} with either ${FILE} or ${EMAIL} and ${KEY} (missing ${missing.join(', ')})`,
    );
  }
  const issuerId = envText(env, ISSUER)!;
  if (!/^\d{1,32}$/.test(issuerId)) {
    throw new ConfigError(
      `${ISSUER} must be the numeric issuer ID of the Google Pay & Wallet Console (got "${issuerId}")`,
    );
  }
  const account = fromFile ? readKeyFile(env, cwd) : { email: envText(env, EMAIL), key: envText(env, KEY) };
  const emailFrom = fromFile ? `${FILE}'s client_email` : EMAIL;
  if (typeof account.email !== 'string' || !EMAIL_FORM.test(account.email)) {
    throw new ConfigError(`${emailFrom} must be the service account's e-mail address`);
  }
  const privateKey = rsaKey(account.key, fromFile ? `${FILE}'s private_key` : KEY);
  return { issuerId, serviceAccountEmail: account.email, privateKey };
}

/** what may be logged of it */
export function describeGoogleWalletConfig(config: GoogleWalletConfig | null): Record<string, string> | null {
  return config ? { issuerId: config.issuerId, serviceAccountEmail: config.serviceAccountEmail } : null;
}
