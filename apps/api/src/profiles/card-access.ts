import { Inject, Injectable } from '@nestjs/common';
import { isTeamAdmin, type TeamRole } from '@cardcraft/contracts';
import type { ProfileRecord, ProfilesRepository, TeamsRepository } from '@cardcraft/storage';
import { SecondFactorRequirement } from '../auth/second-factor/team-requirement';
import { NotFoundError } from '../platform/common/errors';
import { PROFILES, TEAMS } from '../platform/storage/storage.tokens';

export const PROFILE_NOT_FOUND = 'Profile not found';

/** a card someone may manage, and that person's role in the card's team (null: a personal card) */
export interface ManagedCard {
  profile: ProfileRecord;
  role: TeamRole | null;
}

/**
 * who may manage a card, decided here only: its holder, or an owner or admin of the team the card
 * belongs to. every read of a card's leads, analytics and codes, and every change, asks this.
 */
@Injectable()
export class CardAccess {
  constructor(
    @Inject(PROFILES) private readonly profiles: ProfilesRepository,
    @Inject(TEAMS) private readonly teams: TeamsRepository,
    private readonly requirement: SecondFactorRequirement,
  ) {}

  /**
   * anyone else's card answers exactly like a missing one; a team card of a team that requires a
   * second factor is refused (403) to whoever has none, its holder too
   */
  async managed(id: string, userId: string): Promise<ManagedCard> {
    const profile = await this.profiles.findById(id);
    if (!profile) throw new NotFoundError(PROFILE_NOT_FOUND);
    const role = profile.teamId ? await this.roleIn(profile.teamId, userId) : null;
    if (profile.ownerId !== userId && !(profile.teamId && isTeamAdmin(role))) {
      throw new NotFoundError(PROFILE_NOT_FOUND);
    }
    if (profile.teamId && role) {
      const team = await this.teams.findById(profile.teamId);
      if (team) await this.requirement.assertMet(team, userId);
    }
    return { profile, role };
  }

  async roleIn(teamId: string, userId: string): Promise<TeamRole | null> {
    return (await this.teams.membership(teamId, userId))?.role ?? null;
  }
}
