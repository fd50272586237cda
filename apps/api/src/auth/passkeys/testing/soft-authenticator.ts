import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers';

interface Credential {
  id: Uint8Array;
  privateKey: KeyObject;
  /** the account the site named at registration (options.user.id, base64url) */
  userHandle: string;
  counter: number;
}

const sha256 = (data: Uint8Array | string) => new Uint8Array(createHash('sha256').update(data).digest());
const b64 = (bytes: Uint8Array | string) =>
  isoBase64URL.fromBuffer(new Uint8Array(typeof bytes === 'string' ? Buffer.from(bytes, 'utf8') : bytes));
const concat = (...parts: Uint8Array[]) => new Uint8Array(Buffer.concat(parts));
const uint32 = (value: number) =>
  new Uint8Array([value >>> 24, (value >>> 16) & 255, (value >>> 8) & 255, value & 255]);

// flags: user present (0x01), user verified (0x04), attested credential data (0x40)
const PRESENT_AND_VERIFIED = 0x05;
const WITH_CREDENTIAL = 0x45;

/**
 * a passkey authenticator in software, for the api's own tests (the browser suites use Chromium's
 * virtual authenticator): ES256 keys, 'none' attestation, user verification, the browser's client
 * data for the origin given. `origin` may be set to another site's, as a phishing page would.
 */
export class SoftAuthenticator {
  private readonly credentials: Credential[] = [];

  constructor(
    private readonly rpId: string,
    public origin: string,
  ) {}

  create(options: Record<string, unknown>): RegistrationResponseJSON {
    const { challenge, user } = options as { challenge: string; user: { id: string } };
    const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const cose = new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, isoBase64URL.toBuffer(jwk.x!)],
      [-3, isoBase64URL.toBuffer(jwk.y!)],
    ]);
    const id = new Uint8Array(randomBytes(16));
    this.credentials.push({ id, privateKey, userHandle: user.id, counter: 0 });
    const authData = concat(
      sha256(this.rpId),
      new Uint8Array([WITH_CREDENTIAL]),
      uint32(0),
      new Uint8Array(16),
      new Uint8Array([0, id.length]),
      id,
      isoCBOR.encode(cose),
    );
    const attestationObject = isoCBOR.encode(
      new Map<string, unknown>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]) as never,
    );
    return {
      id: b64(id),
      rawId: b64(id),
      type: 'public-key',
      response: {
        clientDataJSON: b64(JSON.stringify({ type: 'webauthn.create', challenge, origin: this.origin })),
        attestationObject: b64(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  /** an answer to options for signing in, with the newest credential (or the one at `index`) */
  get(options: Record<string, unknown>, index = this.credentials.length - 1): AuthenticationResponseJSON {
    const { challenge } = options as { challenge: string };
    const credential = this.credentials[index];
    if (!credential) throw new Error('this authenticator holds no passkey yet');
    credential.counter += 1;
    const authenticatorData = concat(
      sha256(this.rpId),
      new Uint8Array([PRESENT_AND_VERIFIED]),
      uint32(credential.counter),
    );
    const clientDataJSON = JSON.stringify({ type: 'webauthn.get', challenge, origin: this.origin });
    const signature = sign(
      'sha256',
      concat(authenticatorData, sha256(clientDataJSON)),
      credential.privateKey,
    );
    return {
      id: b64(credential.id),
      rawId: b64(credential.id),
      type: 'public-key',
      response: {
        clientDataJSON: b64(clientDataJSON),
        authenticatorData: b64(authenticatorData),
        signature: b64(new Uint8Array(signature)),
        userHandle: credential.userHandle,
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }
}
