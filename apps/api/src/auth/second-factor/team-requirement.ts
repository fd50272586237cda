import { Inject, Injectable } from '@nestjs/common';
import { SecondFactorMessages } from '@cardcraft/contracts';
import type { PasskeysRepository, SecondFactorsRepository, TeamRecord } from '@cardcraft/storage';
import { ForbiddenError } from '../../platform/common/errors';
import { PASSKEYS, SECOND_FACTORS } from '../../platform/storage/storage.tokens';

/**
 * a team that requires two-step verification of its people: someone with neither an authenticator
 * app nor a passkey reaches neither the team nor its cards (403, saying what to do) until they add
 * one; leaving stays open to them
 */
@Injectable()
export class SecondFactorRequirement {
  constructor(
    @Inject(SECOND_FACTORS) private readonly factors: SecondFactorsRepository,
    @Inject(PASSKEYS) private readonly passkeys: PasskeysRepository,
  ) {}

  async assertMet(team: TeamRecord, userId: string): Promise<void> {
    if (!team.requireSecondFactor) return;
    if ((await this.secured([userId])).has(userId)) return;
    throw new ForbiddenError(SecondFactorMessages.teamRequires);
  }

  /** which of the people have one or the other: the members list shows it to the team's admins */
  async secured(userIds: readonly string[]): Promise<Set<string>> {
    const [withApp, withPasskey] = await Promise.all([
      this.factors.enabledAmong(userIds),
      this.passkeys.holdersAmong(userIds),
    ]);
    return new Set([...withApp, ...withPasskey]);
  }
}
