import { Inject, Injectable } from '@nestjs/common';
import type { LoginDto, RegisterDto, SessionResponse, UserResponse } from '@cardcraft/contracts';
import { DuplicateKeyError, type Storage, type UserRecord } from '@cardcraft/storage';
import { ConflictError, UnauthorizedError } from '../common/errors';
import { STORAGE } from '../storage/storage.module';
import { DUMMY_PASSWORD_HASH, hashPassword, verifyPassword } from './password-hasher';
import { TokenService } from './token.service';

export const INVALID_CREDENTIALS = 'Invalid email or password';
export const EMAIL_TAKEN = 'An account with this email already exists';

export function toUserResponse(user: UserRecord): UserResponse {
  return {
    userId: user.id,
    email: user.email,
    displayName: user.displayName,
    createdAtUtc: user.createdAt.toISOString(),
  };
}

@Injectable()
export class AuthService {
  constructor(
    @Inject(STORAGE) private readonly storage: Storage,
    private readonly tokens: TokenService,
  ) {}

  async register(input: RegisterDto): Promise<SessionResponse> {
    const passwordHash = await hashPassword(input.password);
    try {
      const user = await this.storage.users.create({
        email: input.email.toLowerCase(),
        displayName: input.displayName,
        passwordHash,
      });
      return this.session(user);
    } catch (error) {
      if (error instanceof DuplicateKeyError) {
        throw new ConflictError(EMAIL_TAKEN, [{ field: 'email', message: EMAIL_TAKEN }]);
      }
      throw error;
    }
  }

  /** one message for an unknown e-mail and a wrong password, and the same work for both */
  async login(input: LoginDto): Promise<SessionResponse> {
    const user = await this.storage.users.findByEmail(input.email);
    const valid = await verifyPassword(input.password, user?.passwordHash ?? DUMMY_PASSWORD_HASH);
    if (!user || !valid) throw new UnauthorizedError(INVALID_CREDENTIALS);
    return this.session(user);
  }

  async me(userId: string): Promise<UserResponse> {
    const user = await this.storage.users.findById(userId);
    if (!user) throw new UnauthorizedError('Authentication required');
    return toUserResponse(user);
  }

  private session(user: UserRecord): SessionResponse {
    const { accessToken, expiresAt } = this.tokens.issue(user.id);
    return {
      accessToken,
      expiresAtUtc: expiresAt.toISOString(),
      userId: user.id,
      email: user.email,
      displayName: user.displayName,
    };
  }
}
