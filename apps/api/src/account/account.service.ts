import { Inject, Injectable } from '@nestjs/common';
import type { ChangePasswordDto, UpdateAccountDto } from '@cardcraft/contracts';
import type { UserRecord, UsersRepository } from '@cardcraft/storage';
import { AUTHENTICATION_REQUIRED } from '../auth/auth.guard';
import { PasswordHasher } from '../auth/password-hasher';
import { SessionsService } from '../auth/sessions.service';
import { BadInputError, UnauthorizedError } from '../platform/common/errors';
import { DomainEvents } from '../platform/events/domain-events';
import { ProfilesService } from '../profiles/profiles.service';
import { TeamsService } from '../teams/teams.service';
import { USERS } from '../platform/storage/storage.tokens';

export const WRONG_CURRENT_PASSWORD = 'Current password is incorrect';
export const WRONG_PASSWORD = 'Password is incorrect';

@Injectable()
export class AccountService {
  constructor(
    @Inject(USERS) private readonly users: UsersRepository,
    private readonly profiles: ProfilesService,
    private readonly passwords: PasswordHasher,
    private readonly sessions: SessionsService,
    private readonly events: DomainEvents,
    private readonly teams: TeamsService,
  ) {}

  async update(userId: string, input: UpdateAccountDto): Promise<UserRecord> {
    const user = await this.users.update(userId, { displayName: input.displayName });
    if (!user) throw new UnauthorizedError(AUTHENTICATION_REQUIRED);
    return user;
  }

  /** the session that asked keeps working; every other session of the account ends */
  async changePassword(userId: string, currentSessionId: string, input: ChangePasswordDto): Promise<void> {
    const user = await this.requireUser(userId);
    if (!(await this.passwords.verify(input.currentPassword, user.passwordHash))) {
      throw new BadInputError(WRONG_CURRENT_PASSWORD, [
        { field: 'currentPassword', message: WRONG_CURRENT_PASSWORD },
      ]);
    }
    await this.users.update(userId, { passwordHash: await this.passwords.hash(input.newPassword) });
    await this.sessions.endAllOthers(userId, currentSessionId);
  }

  /**
   * ends every session first, so no other tab or client can create a card while the account goes;
   * then leaves every team (its team cards stay with the team), then deletes every profile of its own
   * (with its leads and analytics), then the user (storage deletes the
   * user's sessions with it)
   */
  async delete(userId: string, password: string): Promise<void> {
    const user = await this.requireUser(userId);
    if (!(await this.passwords.verify(password, user.passwordHash))) {
      throw new BadInputError(WRONG_PASSWORD, [{ field: 'password', message: WRONG_PASSWORD }]);
    }
    await this.sessions.endAll(userId);
    // team cards stay with their teams; what is left is the account's own
    await this.teams.leaveAll(userId);
    for (const profile of await this.profiles.list(userId)) await this.profiles.delete(profile.id, userId);
    await this.events.publish('account.deleted', { userId });
    await this.users.delete(userId);
  }

  private async requireUser(userId: string): Promise<UserRecord> {
    const user = await this.users.findById(userId);
    if (!user) throw new UnauthorizedError(AUTHENTICATION_REQUIRED);
    return user;
  }
}
