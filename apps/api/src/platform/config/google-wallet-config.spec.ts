import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError } from '@cardcraft/config';
import { makeServiceAccount, type TestServiceAccount } from '../../wallet/testing/google-wallet';
import { describeConfig, loadConfig } from './app-config';
import { parseGoogleWalletEnv } from './google-wallet-config';

const ISSUER = '3388000000012345678';
const directory = mkdtempSync(join(tmpdir(), 'cardcraft-google-wallet-'));
let account: TestServiceAccount;

beforeAll(() => {
  account = makeServiceAccount();
});
afterAll(() => rmSync(directory, { recursive: true, force: true }));

const inline = () => ({
  GOOGLE_WALLET_ISSUER_ID: ISSUER,
  GOOGLE_WALLET_SERVICE_ACCOUNT_EMAIL: account.email,
  GOOGLE_WALLET_PRIVATE_KEY: account.privateKey,
});

/** a JSON key file as Google hands it out, in the test's folder */
function keyFile(name: string, content: unknown): string {
  const path = join(directory, name);
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
  return path;
}

const googleKeyFile = (overrides: Record<string, unknown> = {}) => ({
  type: 'service_account',
  project_id: 'cardcraft-test',
  private_key_id: '0123456789abcdef',
  private_key: account.privateKey,
  client_email: account.email,
  ...overrides,
});

describe('GOOGLE_WALLET_*', () => {
  it('are off when none is set', () => {
    expect(parseGoogleWalletEnv({}, directory)).toBeNull();
    expect(parseGoogleWalletEnv({ GOOGLE_WALLET_ISSUER_ID: '  ' }, directory)).toBeNull();
    expect(loadConfig({ DATA_DIR: directory }).googleWallet).toBeNull();
  });

  it('go all together or not at all, naming what is missing', () => {
    const needs = (missing: string) =>
      new ConfigError(
        'Google Wallet needs GOOGLE_WALLET_ISSUER_ID with either GOOGLE_WALLET_SERVICE_ACCOUNT_FILE or ' +
          `GOOGLE_WALLET_SERVICE_ACCOUNT_EMAIL and GOOGLE_WALLET_PRIVATE_KEY (missing ${missing})`,
      );
    expect(() => parseGoogleWalletEnv({ GOOGLE_WALLET_ISSUER_ID: ISSUER }, directory)).toThrow(
      needs('GOOGLE_WALLET_SERVICE_ACCOUNT_EMAIL, GOOGLE_WALLET_PRIVATE_KEY'),
    );
    const { GOOGLE_WALLET_ISSUER_ID: _issuer, ...withoutIssuer } = inline();
    expect(() => parseGoogleWalletEnv(withoutIssuer, directory)).toThrow(needs('GOOGLE_WALLET_ISSUER_ID'));
    const { GOOGLE_WALLET_PRIVATE_KEY: _key, ...withoutKey } = inline();
    expect(() => parseGoogleWalletEnv(withoutKey, directory)).toThrow(needs('GOOGLE_WALLET_PRIVATE_KEY'));
    expect(() =>
      parseGoogleWalletEnv(
        { GOOGLE_WALLET_SERVICE_ACCOUNT_FILE: keyFile('a.json', googleKeyFile()) },
        directory,
      ),
    ).toThrow(needs('GOOGLE_WALLET_ISSUER_ID'));
    // the start stops on it, as on any bad setting
    expect(() => loadConfig({ DATA_DIR: directory, GOOGLE_WALLET_ISSUER_ID: ISSUER })).toThrow(ConfigError);
  });

  it('take the service account from the variables, the key as PEM text or with \\n escapes', () => {
    expect(parseGoogleWalletEnv(inline(), directory)).toEqual({
      issuerId: ISSUER,
      serviceAccountEmail: account.email,
      privateKey: account.privateKey.trim(),
    });
    const oneLine = account.privateKey.trim().replace(/\n/g, '\\n');
    expect(
      parseGoogleWalletEnv({ ...inline(), GOOGLE_WALLET_PRIVATE_KEY: oneLine }, directory)?.privateKey,
    ).toBe(account.privateKey.trim());
  });

  it("or from Google's JSON key file, a path from the working directory, never both", () => {
    keyFile('service-account.json', googleKeyFile());
    expect(
      parseGoogleWalletEnv(
        { GOOGLE_WALLET_ISSUER_ID: ISSUER, GOOGLE_WALLET_SERVICE_ACCOUNT_FILE: 'service-account.json' },
        directory,
      ),
    ).toEqual({
      issuerId: ISSUER,
      serviceAccountEmail: account.email,
      privateKey: account.privateKey.trim(),
    });
    expect(() =>
      parseGoogleWalletEnv(
        { ...inline(), GOOGLE_WALLET_SERVICE_ACCOUNT_FILE: 'service-account.json' },
        directory,
      ),
    ).toThrow(
      'Google Wallet takes the service account from GOOGLE_WALLET_SERVICE_ACCOUNT_FILE or from ' +
        'GOOGLE_WALLET_SERVICE_ACCOUNT_EMAIL and GOOGLE_WALLET_PRIVATE_KEY, not both',
    );
  });

  it('refuse a key file that cannot be read or is not one', () => {
    const withFile = (file: string) => ({
      GOOGLE_WALLET_ISSUER_ID: ISSUER,
      GOOGLE_WALLET_SERVICE_ACCOUNT_FILE: file,
    });
    expect(() => parseGoogleWalletEnv(withFile('missing.json'), directory)).toThrow(
      /GOOGLE_WALLET_SERVICE_ACCOUNT_FILE ".*missing\.json" cannot be read/,
    );
    expect(() => parseGoogleWalletEnv(withFile(keyFile('pem.json', account.privateKey)), directory)).toThrow(
      /GOOGLE_WALLET_SERVICE_ACCOUNT_FILE ".*pem\.json" must be a service account's JSON key file/,
    );
    expect(() =>
      parseGoogleWalletEnv(
        withFile(keyFile('no-email.json', googleKeyFile({ client_email: undefined }))),
        directory,
      ),
    ).toThrow(
      "GOOGLE_WALLET_SERVICE_ACCOUNT_FILE's client_email must be the service account's e-mail address",
    );
    expect(() =>
      parseGoogleWalletEnv(
        withFile(keyFile('bad-key.json', googleKeyFile({ private_key: 'nope' }))),
        directory,
      ),
    ).toThrow(
      "GOOGLE_WALLET_SERVICE_ACCOUNT_FILE's private_key must be an unencrypted RSA private key in PEM form",
    );
  });

  it('check the issuer, the e-mail and the key at start-up', () => {
    expect(() =>
      parseGoogleWalletEnv({ ...inline(), GOOGLE_WALLET_ISSUER_ID: 'acme.cards' }, directory),
    ).toThrow(
      'GOOGLE_WALLET_ISSUER_ID must be the numeric issuer ID of the Google Pay & Wallet Console (got "acme.cards")',
    );
    expect(() =>
      parseGoogleWalletEnv({ ...inline(), GOOGLE_WALLET_SERVICE_ACCOUNT_EMAIL: 'cards' }, directory),
    ).toThrow("GOOGLE_WALLET_SERVICE_ACCOUNT_EMAIL must be the service account's e-mail address");
    const keyError = 'GOOGLE_WALLET_PRIVATE_KEY must be an unencrypted RSA private key in PEM form';
    // a path where the PEM text belongs, a public key, an EC key (RS256 needs RSA), an encrypted key
    const ec = generateKeyPairSync('ec', {
      namedCurve: 'P-256',
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
      publicKeyEncoding: { type: 'spki', format: 'pem' },
    });
    const encrypted = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      privateKeyEncoding: { type: 'pkcs8', format: 'pem', cipher: 'aes-256-cbc', passphrase: 'secret' },
      publicKeyEncoding: { type: 'spki', format: 'pem' },
    });
    for (const key of ['/etc/keys/wallet.pem', account.publicKey, ec.privateKey, encrypted.privateKey]) {
      expect(() => parseGoogleWalletEnv({ ...inline(), GOOGLE_WALLET_PRIVATE_KEY: key }, directory)).toThrow(
        keyError,
      );
    }
  });

  it('are logged without the key', () => {
    const config = loadConfig({ DATA_DIR: directory, ...inline() });
    expect(config.googleWallet?.issuerId).toBe(ISSUER);
    const logged = describeConfig(config);
    expect(logged.googleWallet).toEqual({ issuerId: ISSUER, serviceAccountEmail: account.email });
    const body = account.privateKey.split('\n')[1];
    expect(JSON.stringify(logged)).not.toContain(body);
  });
});
