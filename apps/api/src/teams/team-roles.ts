import { Inject, Injectable } from '@nestjs/common';
import { isTeamAdmin, TeamMessages, type TeamRole } from '@cardcraft/contracts';
import type { MembershipRecord, TeamRecord, TeamsRepository } from '@cardcraft/storage';
import { SecondFactorRequirement } from '../auth/second-factor/team-requirement';
import { ForbiddenError, NotFoundError } from '../platform/common/errors';
import { TEAMS } from '../platform/storage/storage.tokens';

export interface TeamSeat {
  team: TeamRecord;
  membership: MembershipRecord;
}

/**
 * who may do what in a team, asked by every team route: someone outside the team learns nothing of
 * it (404, as for a missing team); a member asking for an admin's action is told so (403), and so
 * is one without the second factor the team requires
 */
@Injectable()
export class TeamRoles {
  constructor(
    @Inject(TEAMS) private readonly teams: TeamsRepository,
    private readonly requirement: SecondFactorRequirement,
  ) {}

  async member(teamId: string, userId: string): Promise<TeamSeat> {
    const seat = await this.seat(teamId, userId);
    await this.requirement.assertMet(seat.team, userId);
    return seat;
  }

  /** the membership alone, whatever the team requires: what leaving the team asks */
  async seat(teamId: string, userId: string): Promise<TeamSeat> {
    const membership = await this.teams.membership(teamId, userId);
    const team = membership ? await this.teams.findById(teamId) : null;
    if (!membership || !team) throw new NotFoundError(TeamMessages.teamNotFound);
    return { team, membership };
  }

  async admin(teamId: string, userId: string): Promise<TeamSeat> {
    const seat = await this.member(teamId, userId);
    if (!isTeamAdmin(seat.membership.role)) throw new ForbiddenError(TeamMessages.adminsOnly);
    return seat;
  }

  async owner(teamId: string, userId: string): Promise<TeamSeat> {
    const seat = await this.member(teamId, userId);
    if (seat.membership.role !== 'owner') throw new ForbiddenError(TeamMessages.ownersOnly);
    return seat;
  }

  /** granting or taking away the owner role is an owner's act; an admin handles members and admins */
  assertMayGrant(actor: TeamRole, role: TeamRole): void {
    if (role === 'owner' && actor !== 'owner') throw new ForbiddenError(TeamMessages.ownersOnly);
  }
}
