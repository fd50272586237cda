import { generateKeyPairSync } from 'node:crypto';
import { JwtService } from '@nestjs/jwt';
import type { SaveToWalletClaims } from '../google-wallet-pass';

/** a stand-in for the service account Google hands out: its e-mail and an RSA key pair made here */
export interface TestServiceAccount {
  email: string;
  /** PEM, PKCS#8, as in Google's JSON key file */
  privateKey: string;
  /** PEM, SPKI: what Google would check the signature with */
  publicKey: string;
}

export const TEST_ISSUER_ID = '3388000000012345678';

export function makeServiceAccount(
  email = 'cards@cardcraft-test.iam.gserviceaccount.com',
): TestServiceAccount {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  return { email, privateKey, publicKey };
}

/** the GOOGLE_WALLET_* settings of the account, the key given as PEM text */
export function googleWalletEnv(
  account: TestServiceAccount,
  issuerId = TEST_ISSUER_ID,
): Record<string, string> {
  return {
    GOOGLE_WALLET_ISSUER_ID: issuerId,
    GOOGLE_WALLET_SERVICE_ACCOUNT_EMAIL: account.email,
    GOOGLE_WALLET_PRIVATE_KEY: account.privateKey,
  };
}

export interface SaveLink {
  header: Record<string, unknown>;
  claims: SaveToWalletClaims;
}

/**
 * the JWT of a "Save to Google Wallet" link, its RS256 signature checked with the public key by another
 * implementation than the one that signed it (jsonwebtoken); throws when the link or signature is wrong
 */
export function readSaveLink(url: string, publicKey: string): SaveLink {
  const prefix = 'https://pay.google.com/gp/v/save/';
  if (!url.startsWith(prefix)) throw new Error(`not a Save to Google Wallet link: ${url}`);
  const verified = new JwtService().verify<{ header: Record<string, unknown>; payload: SaveToWalletClaims }>(
    url.slice(prefix.length),
    { publicKey, algorithms: ['RS256'], complete: true },
  );
  return { header: verified.header, claims: verified.payload };
}
