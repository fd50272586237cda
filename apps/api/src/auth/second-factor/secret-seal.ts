import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * an authenticator app's secret as the store keeps it: AES-256-GCM under a key derived from the app's
 * secret (HKDF-SHA-256), so a copy of the database alone (a backup, a leaked dump) cannot make codes
 */
export class SecretSeal {
  private readonly key: Buffer;

  constructor(appSecret: string) {
    this.key = Buffer.from(hkdfSync('sha256', appSecret, 'cardcraft', 'second-factor-secret', 32));
  }

  seal(secret: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final(), cipher.getAuthTag()]);
    return `${VERSION}.${iv.toString('base64url')}.${sealed.toString('base64url')}`;
  }

  /** throws when the value was not sealed with this key (another server's, or altered) */
  open(sealed: string): string {
    const [version, iv, body] = sealed.split('.');
    if (version !== VERSION || !iv || !body) throw new Error('not a sealed second-factor secret');
    const bytes = Buffer.from(body, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
    return Buffer.concat([
      decipher.update(bytes.subarray(0, bytes.length - TAG_BYTES)),
      decipher.final(),
    ]).toString('utf8');
  }
}
