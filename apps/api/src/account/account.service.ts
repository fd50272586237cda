import { Inject, Injectable } from '@nestjs/common';
import type { ChangePasswordDto, UpdateAccountDto } from '@cardcraft/contracts';
import type { Storage, UserRecord } from '@cardcraft/storage';
import { hashPassword, verifyPassword } from '../auth/password-hasher';
import { BadInputError, UnauthorizedError } from '../common/errors';
import { ProfilesService } from '../profiles/profiles.service';
import { STORAGE } from '../storage/storage.module';

export const WRONG_CURRENT_PASSWORD = 'Current password is incorrect';
export const WRONG_PASSWORD = 'Password is incorrect';

@Injectable()
export class AccountService {
  constructor(
    @Inject(STORAGE) private readonly storage: Storage,
    private readonly profiles: ProfilesService,
  ) {}

  async update(userId: string, input: UpdateAccountDto): Promise<UserRecord> {
    const user = await this.storage.users.update(userId, { displayName: input.displayName });
    if (!user) throw new UnauthorizedError('Authentication required');
    return user;
  }

  async changePassword(userId: string, input: ChangePasswordDto): Promise<void> {
    const user = await this.requireUser(userId);
    if (!(await verifyPassword(input.currentPassword, user.passwordHash))) {
      throw new BadInputError(WRONG_CURRENT_PASSWORD, [
        { field: 'currentPassword', message: WRONG_CURRENT_PASSWORD },
      ]);
    }
    await this.storage.users.update(userId, { passwordHash: await hashPassword(input.newPassword) });
  }

  /** deletes every profile (with its leads and analytics) first, then the user */
  async delete(userId: string, password: string): Promise<void> {
    const user = await this.requireUser(userId);
    if (!(await verifyPassword(password, user.passwordHash))) {
      throw new BadInputError(WRONG_PASSWORD, [{ field: 'password', message: WRONG_PASSWORD }]);
    }
    for (const profile of await this.profiles.list(userId)) await this.profiles.delete(profile.id, userId);
    await this.storage.users.delete(userId);
  }

  private async requireUser(userId: string): Promise<UserRecord> {
    const user = await this.storage.users.findById(userId);
    if (!user) throw new UnauthorizedError('Authentication required');
    return user;
  }
}
