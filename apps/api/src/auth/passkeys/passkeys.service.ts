import { Inject, Injectable } from '@nestjs/common';
import {
  PasskeyMessages,
  type PasskeyAnswerDto,
  type PasskeyOptionsResponse,
  type PasskeyResponse,
  type RegisterPasskeyDto,
} from '@cardcraft/contracts';
import type { PasskeyRecord, PasskeysRepository, UsersRepository } from '@cardcraft/storage';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { BadInputError, NotFoundError, UnauthorizedError } from '../../platform/common/errors';
import { APP_CONFIG, type AppConfig } from '../../platform/config/app-config';
import { PASSKEYS, USERS } from '../../platform/storage/storage.tokens';
import { SignInPlaces } from '../sign-in-places';
import {
  challengeHash,
  passkeyChallengeToken,
  readPasskeyChallenge,
  type PasskeyChallenge,
} from './passkey-challenges';

const RP_NAME = 'Cardcraft';

function toResponse(passkey: PasskeyRecord): PasskeyResponse {
  return {
    id: passkey.id,
    name: passkey.name,
    synced: passkey.deviceType === 'multiDevice',
    createdAtUtc: passkey.createdAt.toISOString(),
    lastUsedAtUtc: passkey.lastUsedAt?.toISOString() ?? null,
  };
}

/**
 * WebAuthn's library, its certificate and key parsers with it, loads at the first passkey call: it
 * is one of the largest things the api would load at start-up, and most processes never see a passkey
 */
async function webAuthn() {
  const [server, helpers] = await Promise.all([
    import('@simplewebauthn/server'),
    import('@simplewebauthn/server/helpers'),
  ]);
  return { ...server, ...helpers };
}

/**
 * passkeys (WebAuthn, through @simplewebauthn/server): an account registers one or more and signs
 * in with one instead of its password (and instead of its second factor: a passkey is one already,
 * something held and unlocked by a fingerprint or a PIN). the relying party is PUBLIC_BASE_URL's
 * host; user verification is required; each challenge is answered once.
 */
@Injectable()
export class PasskeysService {
  private readonly rpId: string;
  private readonly origin: string;

  constructor(
    @Inject(PASSKEYS) private readonly passkeys: PasskeysRepository,
    @Inject(USERS) private readonly users: UsersRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly places: SignInPlaces,
  ) {
    const publicUrl = new URL(config.publicBaseUrl);
    this.rpId = publicUrl.hostname;
    this.origin = publicUrl.origin;
  }

  async list(userId: string): Promise<PasskeyResponse[]> {
    return (await this.passkeys.listForUser(userId)).map(toResponse);
  }

  async registrationOptions(userId: string): Promise<PasskeyOptionsResponse> {
    const user = await this.users.findById(userId);
    if (!user) throw new UnauthorizedError('Authentication required');
    const existing = await this.passkeys.listForUser(userId);
    const { generateRegistrationOptions, isoUint8Array } = await webAuthn();
    const options = await generateRegistrationOptions({
      rpName: RP_NAME,
      rpID: this.rpId,
      userName: user.email,
      userDisplayName: user.displayName,
      userID: isoUint8Array.fromUTF8String(user.id),
      attestationType: 'none',
      // the same authenticator twice is refused by the browser itself
      excludeCredentials: existing.map((passkey) => ({ id: passkey.id, transports: passkey.transports })),
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    });
    const challengeToken = passkeyChallengeToken(this.config.jwtSecret, {
      ceremony: 'register',
      userId,
      challenge: options.challenge,
    });
    return { options: { ...options }, challengeToken };
  }

  /** the new passkey's answer; named by the owner, or after the browser it was made in */
  async register(userId: string, input: RegisterPasskeyDto, userAgent: string): Promise<PasskeyResponse> {
    const refused = () => new BadInputError(PasskeyMessages.notAdded);
    const challenge = readPasskeyChallenge(this.config.jwtSecret, input.challengeToken);
    if (!challenge || challenge.ceremony !== 'register' || challenge.userId !== userId) throw refused();
    const response = input.response as unknown as RegistrationResponseJSON;
    const { verifyRegistrationResponse, isoBase64URL } = await webAuthn();
    let verified;
    try {
      verified = await verifyRegistrationResponse({
        response,
        expectedChallenge: challenge.challenge,
        expectedOrigin: this.origin,
        expectedRPID: this.rpId,
        requireUserVerification: true,
      });
    } catch {
      throw refused();
    }
    if (!verified.verified || !(await this.claim(challenge))) throw refused();
    const { credential, credentialDeviceType, credentialBackedUp } = verified.registrationInfo;
    const stored = {
      id: credential.id,
      userId,
      publicKey: isoBase64URL.fromBuffer(credential.publicKey),
      counter: credential.counter,
      transports: response.response.transports ?? [],
      name: input.name ?? this.places.describe(userAgent).label,
      deviceType: credentialDeviceType,
      backedUp: credentialBackedUp,
    };
    if (!(await this.passkeys.create(stored))) throw refused();
    const created = await this.passkeys.findById(stored.id);
    if (!created) throw refused();
    return toResponse(created);
  }

  async rename(userId: string, id: string, name: string): Promise<PasskeyResponse> {
    const renamed = await this.passkeys.rename(userId, id, name);
    if (!renamed) throw new NotFoundError(PasskeyMessages.notFound);
    return toResponse(renamed);
  }

  async remove(userId: string, id: string): Promise<void> {
    if (!(await this.passkeys.delete(userId, id))) throw new NotFoundError(PasskeyMessages.notFound);
  }

  /** options for signing in (or proving it is you) with any passkey of this site */
  async authenticationOptions(): Promise<PasskeyOptionsResponse> {
    await this.passkeys.deleteExpiredChallenges(new Date());
    const { generateAuthenticationOptions } = await webAuthn();
    const options = await generateAuthenticationOptions({ rpID: this.rpId, userVerification: 'required' });
    const challengeToken = passkeyChallengeToken(this.config.jwtSecret, {
      ceremony: 'authenticate',
      userId: null,
      challenge: options.challenge,
    });
    return { options: { ...options }, challengeToken };
  }

  /**
   * the account a passkey's answer signs in, or the one error for every answer that does not: an
   * unknown or removed passkey, another account's where one was asked for, a bad signature, a
   * challenge answered before or expired
   */
  async verify(input: PasskeyAnswerDto, expectedUserId: string | null = null): Promise<string> {
    const invalid = () => new UnauthorizedError(PasskeyMessages.invalid);
    const challenge = readPasskeyChallenge(this.config.jwtSecret, input.challengeToken);
    if (!challenge || challenge.ceremony !== 'authenticate') throw invalid();
    const response = input.response as unknown as AuthenticationResponseJSON;
    const passkey = typeof response.id === 'string' ? await this.passkeys.findById(response.id) : null;
    if (!passkey || (expectedUserId !== null && passkey.userId !== expectedUserId)) throw invalid();
    const { verifyAuthenticationResponse, isoBase64URL, isoUint8Array } = await webAuthn();
    // a discoverable passkey names its account: it must be the one the passkey was registered to
    const handle = response.response?.userHandle;
    if (handle && isoUint8Array.toUTF8String(isoBase64URL.toBuffer(handle)) !== passkey.userId)
      throw invalid();
    let verified;
    try {
      verified = await verifyAuthenticationResponse({
        response,
        expectedChallenge: challenge.challenge,
        expectedOrigin: this.origin,
        expectedRPID: this.rpId,
        credential: {
          id: passkey.id,
          publicKey: isoBase64URL.toBuffer(passkey.publicKey),
          counter: passkey.counter,
          transports: passkey.transports as never,
        },
        requireUserVerification: true,
      });
    } catch {
      throw invalid();
    }
    if (!verified.verified || !(await this.claim(challenge))) throw invalid();
    await this.passkeys.recordUse(passkey.id, verified.authenticationInfo.newCounter, new Date());
    return passkey.userId;
  }

  /** whether the account has at least one */
  async holds(userId: string): Promise<boolean> {
    return (await this.passkeys.holdersAmong([userId])).has(userId);
  }

  private claim(challenge: PasskeyChallenge): Promise<boolean> {
    return this.passkeys.claimChallenge(challengeHash(challenge.challenge), challenge.expiresAt);
  }
}
