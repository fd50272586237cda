import { Inject, Injectable } from '@nestjs/common';
import type {
  AccountSettingsResponse,
  TrafficAlertMultiple,
  UpdateAccountSettingsDto,
} from '@cardcraft/contracts';
import type { UserPatch, UserRecord, UsersRepository } from '@cardcraft/storage';
import { AUTHENTICATION_REQUIRED } from '../auth/auth.guard';
import { UnauthorizedError } from '../platform/common/errors';
import { USERS } from '../platform/storage/storage.tokens';

export function toSettings(user: UserRecord): AccountSettingsResponse {
  return {
    notifyOnMessages: user.notifyOnMessages,
    timeZone: user.timeZone,
    analyticsReport: user.analyticsReport,
    // the store holds what the dto let through: 2, 3, 5 or 10
    trafficAlertMultiple: user.trafficAlertMultiple as TrafficAlertMultiple | null,
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

  /** changes only the settings the body names */
  async update(userId: string, input: UpdateAccountSettingsDto): Promise<AccountSettingsResponse> {
    const patch: UserPatch = {};
    if (input.notifyOnMessages !== undefined) patch.notifyOnMessages = input.notifyOnMessages;
    if (input.timeZone !== undefined) patch.timeZone = input.timeZone;
    if (input.analyticsReport !== undefined) patch.analyticsReport = input.analyticsReport;
    if (input.trafficAlertMultiple !== undefined) patch.trafficAlertMultiple = input.trafficAlertMultiple;
    const user =
      Object.keys(patch).length === 0
        ? await this.users.findById(userId)
        : await this.users.update(userId, patch);
    if (!user) throw new UnauthorizedError(AUTHENTICATION_REQUIRED);
    return toSettings(user);
  }
}
