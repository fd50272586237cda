import { Inject, Injectable } from '@nestjs/common';
import {
  ReauthenticationMessages,
  type LoginDto,
  type ReauthenticatedResponse,
  type RegisterDto,
  type SessionResponse,
  type UserResponse,
} from '@cardcraft/contracts';
import { DuplicateKeyError, type UserRecord, type UsersRepository } from '@cardcraft/storage';
import { BadInputError, ConflictError, UnauthorizedError } from '../platform/common/errors';
import { USERS } from '../platform/storage/storage.tokens';
import { AUTHENTICATION_REQUIRED } from './auth.guard';
import { PasswordHasher } from './password-hasher';
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
   * with less work than today's is replaced while the password is at hand. a sign-in from a device
   * the account has not used is told to its owner by mail.
   */
  async login(input: LoginDto, origin: SignInOrigin): Promise<SessionResponse> {
    const user = await this.users.findByEmail(input.email);
    const valid = await this.passwords.verify(input.password, user?.passwordHash ?? this.passwords.dummyHash);
    if (!user || !valid) throw new UnauthorizedError(INVALID_CREDENTIALS);
    if (this.passwords.needsRehash(user.passwordHash)) {
      await this.users.update(user.id, { passwordHash: await this.passwords.hash(input.password) });
    }
    const started = await this.session(user, origin);
    this.accountSessions.tellOfNewDevice(user.id, started);
    return toSessionResponse(user, started);
  }

  /**
   * the password again, for what asks for a recent proof: the session counts as proved for the next
   * REAUTHENTICATION_WINDOW. a wrong one changes nothing and says so on the field.
   */
  async reauthenticate(
    userId: string,
    sessionId: string,
    password: string,
  ): Promise<ReauthenticatedResponse> {
    const user = await this.users.findById(userId);
    if (!user) throw new UnauthorizedError(AUTHENTICATION_REQUIRED);
    if (!(await this.passwords.verify(password, user.passwordHash))) {
      throw new BadInputError(ReauthenticationMessages.wrongPassword, [
        { field: 'password', message: ReauthenticationMessages.wrongPassword },
      ]);
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

  private async session(user: UserRecord, origin: SignInOrigin): Promise<StartedSession> {
    const started = await this.sessions.start(user.id, origin);
    // the account was deleted between the password check and now
    if (!started) throw new UnauthorizedError(INVALID_CREDENTIALS);
    return started;
  }
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
