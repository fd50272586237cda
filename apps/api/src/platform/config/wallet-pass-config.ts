import { createPrivateKey, X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { ConfigError, envText, type Env } from '@cardcraft/config';

/** an Apple Wallet Pass Type ID certificate and what signs with it; null: passes are off */
export interface WalletPassConfig {
  passTypeIdentifier: string;
  teamIdentifier: string;
  /** PEM texts, read at start-up */
  signerCert: string;
  signerKey: string;
  /** secret: never logged */
  signerKeyPassphrase: string | undefined;
  wwdrCert: string;
}

const FILES = {
  signerCert: 'WALLET_PASS_CERT',
  signerKey: 'WALLET_PASS_KEY',
  wwdrCert: 'WALLET_WWDR_CERT',
} as const;
const IDENTIFIERS = {
  passTypeIdentifier: 'WALLET_PASS_TYPE_ID',
  teamIdentifier: 'WALLET_TEAM_ID',
} as const;

function readPem(env: Env, name: string, cwd: string): string {
  const path = resolve(cwd, envText(env, name)!);
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    throw new ConfigError(`${name} "${path}" cannot be read: ${(error as Error).message}`);
  }
}

/**
 * WALLET_PASS_TYPE_ID, WALLET_TEAM_ID, WALLET_PASS_CERT, WALLET_PASS_KEY (files, PEM),
 * WALLET_PASS_KEY_PASSPHRASE and WALLET_WWDR_CERT: all or none. the certificates and the key are read
 * and checked at start-up, so a wrong file or passphrase stops the start instead of the first pass.
 */
export function parseWalletPassEnv(env: Env, cwd: string): WalletPassConfig | null {
  const required = [...Object.values(IDENTIFIERS), ...Object.values(FILES)];
  const missing = required.filter((name) => !envText(env, name));
  if (missing.length === required.length) return null;
  if (missing.length > 0) {
    throw new ConfigError(
      `Apple Wallet passes need ${required.join(', ')} together (missing ${missing.join(', ')})`,
    );
  }
  const passTypeIdentifier = envText(env, IDENTIFIERS.passTypeIdentifier)!;
  if (!/^pass\.[A-Za-z0-9.-]+$/.test(passTypeIdentifier)) {
    throw new ConfigError(
      `WALLET_PASS_TYPE_ID must be a pass type identifier like pass.com.example.cards (got "${passTypeIdentifier}")`,
    );
  }
  const teamIdentifier = envText(env, IDENTIFIERS.teamIdentifier)!;
  if (!/^[A-Z0-9]{10}$/.test(teamIdentifier)) {
    throw new ConfigError(
      `WALLET_TEAM_ID must be the 10-character Apple team identifier (got "${teamIdentifier}")`,
    );
  }
  const signerCert = readPem(env, FILES.signerCert, cwd);
  const signerKey = readPem(env, FILES.signerKey, cwd);
  const wwdrCert = readPem(env, FILES.wwdrCert, cwd);
  const signerKeyPassphrase = env.WALLET_PASS_KEY_PASSPHRASE || undefined;
  for (const [name, pem] of [
    [FILES.signerCert, signerCert],
    [FILES.wwdrCert, wwdrCert],
  ] as const) {
    try {
      new X509Certificate(pem);
    } catch {
      throw new ConfigError(`${name} must be a certificate in PEM form`);
    }
  }
  try {
    createPrivateKey({ key: signerKey, passphrase: signerKeyPassphrase });
  } catch {
    throw new ConfigError(
      'WALLET_PASS_KEY must be a private key in PEM form, with WALLET_PASS_KEY_PASSPHRASE when it is encrypted',
    );
  }
  return { passTypeIdentifier, teamIdentifier, signerCert, signerKey, signerKeyPassphrase, wwdrCert };
}

/** what may be logged of it */
export function describeWalletPassConfig(config: WalletPassConfig | null): Record<string, string> | null {
  return config
    ? { passTypeIdentifier: config.passTypeIdentifier, teamIdentifier: config.teamIdentifier }
    : null;
}
