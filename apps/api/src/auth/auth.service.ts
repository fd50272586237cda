import { Inject, Injectable } from '@nestjs/common';
import {
  PasskeyMessages,
  ReauthenticationMessages,
  SecondFactorMessages,
  type LoginDto,
  type LoginSecondFactorDto,
  type PasskeyAnswerDto,
  type ReauthenticateDto,
  type ReauthenticatedResponse,
  type RegisterDto,
  type SecondFactorChallengeResponse,
  type SessionResponse,
  type UserResponse,
} from '@cardcraft/contracts';
import { DuplicateKeyError, type UserRecord, type UsersRepository } from '@cardcraft/storage';
import { BadInputError, ConflictError, UnauthorizedError } from '../platform/common/errors';
import { APP_CONFIG, type AppConfig } from '../platform/config/app-config';
import { USERS } from '../platform/storage/storage.tokens';
import { AUTHENTICATION_REQUIRED } from './auth.guard';
import { PasswordHasher } from './password-hasher';
import { PasskeysService } from './passkeys/passkeys.service';
import { SecondFactorService } from './second-factor/second-factor.service';
import { readSignInChallenge, signInChallenge } from './second-factor/sign-in-challenges';
import { AccountSessionsService } from './account-sessions.service';
import { SessionsService, type SignInOrigin, type StartedSession } from './sessions.service';

export const INVALID_CREDENTIALS = 'Invalid email or password';
export const EMAIL_TAKEN = 'An account with this email already exists';

export function toUserResponse(user: UserRecord): UserResponse {
  return {
    userId: user.id,
    email: user.email,
    displayName: user.displayName,
    createdAtUtc: user.createdAt.toISOString(),
    notifyOnMessages: user.notifyOnMessages,
  };
}

@Injectable()
export class AuthService {
  constructor(
    @Inject(USERS) private readonly users: UsersRepository,
    private readonly passwords: PasswordHasher,
    private readonly sessions: SessionsService,
    private readonly accountSessions: AccountSessionsService,
    private readonly secondFactor: SecondFactorService,
    private readonly passkeys: PasskeysService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async register(input: RegisterDto, origin: SignInOrigin): Promise<SessionResponse> {
    const passwordHash = await this.passwords.hash(input.password);
    let user: UserRecord;
    try {
      user = await this.users.create({
        email: input.email.toLowerCase(),
        displayName: input.displayName,
        passwordHash,
      });
    } catch (error) {
      if (error instanceof DuplicateKeyError) {
        throw new ConflictError(EMAIL_TAKEN, [{ field: 'email', message: EMAIL_TAKEN }]);
      }
      throw error;
    }
    return toSessionResponse(user, await this.session(user, origin));
  }

  /**
   * one message for an unknown e-mail and a wrong password, and the same work for both. a hash made
   * with less work than today's is replaced while the password is at hand. an account with two-step
   * verification gets a challenge to send back with its code instead of a session. a sign-in from a
   * device the account has not used is told to its owner by mail.
   */
  async login(
    input: LoginDto,
    origin: SignInOrigin,
  ): Promise<SessionResponse | SecondFactorChallengeResponse> {
    const user = await this.users.findByEmail(input.email);
    const valid = await this.passwords.verify(input.password, user?.passwordHash ?? this.passwords.dummyHash);
    if (!user || !valid) throw new UnauthorizedError(INVALID_CREDENTIALS);
    if (this.passwords.needsRehash(user.passwordHash)) {
      await this.users.update(user.id, { passwordHash: await this.passwords.hash(input.password) });
    }
    if (await this.secondFactor.isOn(user.id)) {
      const challenge = signInChallenge(this.config.jwtSecret, user.id);
      return {
        secondFactorRequired: true,
        challengeToken: challenge.token,
        expiresAtUtc: challenge.expiresAt.toISOString(),
      };
    }
    return this.signIn(user, origin);
  }

  /** the challengeToken's account, for the second step's rate limit; null when it is not valid */
  challengedAccount(challengeToken: string): string | null {
    return readSignInChallenge(this.config.jwtSecret, challengeToken);
  }

  /** the second step: the code of the authenticator app, or a recovery code */
  async loginSecondFactor(input: LoginSecondFactorDto, origin: SignInOrigin): Promise<SessionResponse> {
    const userId = this.challengedAccount(input.challengeToken);
    if (!userId) throw new UnauthorizedError(SecondFactorMessages.challengeExpired);
    const user = await this.users.findById(userId);
    if (!user) throw new UnauthorizedError(SecondFactorMessages.challengeExpired);
    if (!(await this.secondFactor.accepts(user.id, input.code))) {
      throw new UnauthorizedError(SecondFactorMessages.invalidCode);
    }
    return this.signIn(user, origin);
  }

  /** a passkey's answer in place of the password (and of the second factor: a passkey is one) */
  async loginWithPasskey(input: PasskeyAnswerDto, origin: SignInOrigin): Promise<SessionResponse> {
    const user = await this.users.findById(await this.passkeys.verify(input));
    if (!user) throw new UnauthorizedError(INVALID_CREDENTIALS);
    return this.signIn(user, origin);
  }

  /**
   * a fresh proof for what asks for one: the password, a code of the account's authenticator app (or
   * a recovery code), or one of its passkeys. the session counts as proved for the next REAUTHENTICATION_WINDOW. a wrong
   * one changes nothing and says so on its field.
   */
  async reauthenticate(
    userId: string,
    sessionId: string,
    input: ReauthenticateDto,
  ): Promise<ReauthenticatedResponse> {
    const user = await this.users.findById(userId);
    if (!user) throw new UnauthorizedError(AUTHENTICATION_REQUIRED);
    if (input.passkey !== undefined) {
      await this.passkeys.verify(input.passkey, user.id).catch(() => {
        throw wrongField('passkey', PasskeyMessages.invalid);
      });
    } else if (input.code !== undefined) {
      if (!(await this.secondFactor.accepts(user.id, input.code))) {
        throw wrongField('code', ReauthenticationMessages.wrongCode);
      }
    } else if (!(await this.passwords.verify(input.password ?? '', user.passwordHash))) {
      throw wrongField('password', ReauthenticationMessages.wrongPassword);
    }
    const validUntil = await this.sessions.prove(sessionId);
    // the session ended between the guard and now
    if (!validUntil) throw new UnauthorizedError(AUTHENTICATION_REQUIRED);
    return { validUntilUtc: validUntil.toISOString() };
  }

  /** ends the request's session; signing out without one is no error */
  async logout(sessionId: string | null): Promise<void> {
    if (sessionId) await this.sessions.end(sessionId);
  }

  async me(userId: string): Promise<UserResponse> {
    const user = await this.users.findById(userId);
    if (!user) throw new UnauthorizedError(AUTHENTICATION_REQUIRED);
    return toUserResponse(user);
  }

  private async signIn(user: UserRecord, origin: SignInOrigin): Promise<SessionResponse> {
    const started = await this.session(user, origin);
    this.accountSessions.tellOfNewDevice(user.id, started);
    return toSessionResponse(user, started);
  }

  private async session(user: UserRecord, origin: SignInOrigin): Promise<StartedSession> {
    const started = await this.sessions.start(user.id, origin);
    // the account was deleted between the password check and now
    if (!started) throw new UnauthorizedError(INVALID_CREDENTIALS);
    return started;
  }
}

function wrongField(field: string, message: string): BadInputError {
  return new BadInputError(message, [{ field, message }]);
}

function toSessionResponse(user: UserRecord, { accessToken, expiresAt }: StartedSession): SessionResponse {
  return {
    accessToken,
    expiresAtUtc: expiresAt.toISOString(),
    userId: user.id,
    email: user.email,
    displayName: user.displayName,
  };
}
