import { Inject, Injectable } from '@nestjs/common';
import { SecondFactorMessages } from '@cardcraft/contracts';
import type { SecondFactorsRepository, TeamRecord } from '@cardcraft/storage';
import { ForbiddenError } from '../../platform/common/errors';
import { SECOND_FACTORS } from '../../platform/storage/storage.tokens';

/**
 * a team that requires two-step verification of its people: someone without it reaches neither the
 * team nor its cards (403, saying what to do) until they turn it on; leaving stays open to them
 */
@Injectable()
export class SecondFactorRequirement {
  constructor(@Inject(SECOND_FACTORS) private readonly factors: SecondFactorsRepository) {}

  async assertMet(team: TeamRecord, userId: string): Promise<void> {
    if (!team.requireSecondFactor) return;
    if ((await this.factors.enabledAmong([userId])).has(userId)) return;
    throw new ForbiddenError(SecondFactorMessages.teamRequires);
  }

  /** which of the people have it on: the members list shows it to the team's admins */
  secured(userIds: readonly string[]): Promise<Set<string>> {
    return this.factors.enabledAmong(userIds);
  }
}
