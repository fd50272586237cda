import { Inject, Injectable } from '@nestjs/common';
import { isLockableField, type CardTeamResponse, type ProfileResponse } from '@cardcraft/contracts';
import type { CardTemplatesRepository, ProfileRecord, TeamsRepository } from '@cardcraft/storage';
import { CARD_TEMPLATES, TEAMS } from '../platform/storage/storage.tokens';
import { toProfileResponse } from './profile.mapper';

/**
 * the owner's answers about cards: a team card also says its team, the caller's role there and what
 * its template locks, so the editor can show those fields read-only. a list reads each team and
 * template once.
 */
@Injectable()
export class ProfileViews {
  constructor(
    @Inject(TEAMS) private readonly teams: TeamsRepository,
    @Inject(CARD_TEMPLATES) private readonly templates: CardTemplatesRepository,
  ) {}

  async one(profile: ProfileRecord, viewerId: string): Promise<ProfileResponse> {
    return (await this.many([profile], viewerId))[0];
  }

  async many(profiles: ProfileRecord[], viewerId: string): Promise<ProfileResponse[]> {
    const teams = new Map<string, Promise<Omit<CardTeamResponse, 'templateId' | 'lockedFields'> | null>>();
    const locks = new Map<string, Promise<CardTeamResponse['lockedFields']>>();
    const teamOf = (teamId: string) => {
      let found = teams.get(teamId);
      if (!found) {
        found = Promise.all([this.teams.findById(teamId), this.teams.membership(teamId, viewerId)]).then(
          ([team, membership]) =>
            team ? { teamId, teamName: team.name, role: membership?.role ?? 'member' } : null,
        );
        teams.set(teamId, found);
      }
      return found;
    };
    const locksOf = (teamId: string, templateId: string) => {
      let found = locks.get(templateId);
      if (!found) {
        found = this.templates
          .findById(teamId, templateId)
          .then((template) => (template?.lockedFields ?? []).filter(isLockableField));
        locks.set(templateId, found);
      }
      return found;
    };
    return Promise.all(
      profiles.map(async (profile) => {
        if (!profile.teamId) return toProfileResponse(profile, null);
        const team = await teamOf(profile.teamId);
        if (!team) return toProfileResponse(profile, null);
        const lockedFields = profile.templateId ? await locksOf(profile.teamId, profile.templateId) : [];
        return toProfileResponse(profile, { ...team, templateId: profile.templateId, lockedFields });
      }),
    );
  }
}
