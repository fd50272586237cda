import { Inject, Injectable } from '@nestjs/common';
import type { AccountSettingsResponse, UpdateAccountSettingsDto } from '@cardcraft/contracts';
import type { UserRecord, UsersRepository } from '@cardcraft/storage';
import { AUTHENTICATION_REQUIRED } from '../auth/auth.guard';
import { UnauthorizedError } from '../platform/common/errors';
import { USERS } from '../platform/storage/storage.tokens';

function toSettings(user: UserRecord): AccountSettingsResponse {
  return {
    notifyOnMessages: user.notifyOnMessages,
    timeZone: null,
    analyticsReport: 'off',
    trafficAlertMultiple: null,
  };
}

/** the account's settings, stored with the account */
@Injectable()
export class AccountSettingsService {
  constructor(@Inject(USERS) private readonly users: UsersRepository) {}

  async get(userId: string): Promise<AccountSettingsResponse> {
    const user = await this.users.findById(userId);
    if (!user) throw new UnauthorizedError(AUTHENTICATION_REQUIRED);
    return toSettings(user);
  }

  async update(userId: string, input: UpdateAccountSettingsDto): Promise<AccountSettingsResponse> {
    const user =
      input.notifyOnMessages === undefined
        ? await this.users.findById(userId)
        : await this.users.update(userId, { notifyOnMessages: input.notifyOnMessages });
    if (!user) throw new UnauthorizedError(AUTHENTICATION_REQUIRED);
    return toSettings(user);
  }
}
