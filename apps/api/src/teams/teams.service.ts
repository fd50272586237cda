import { Inject, Injectable } from '@nestjs/common';
import {
  isTeamAdmin,
  SecondFactorMessages,
  TeamMessages,
  type CreateTeamDto,
  type RemoveMemberDto,
  type TeamRole,
  type UpdateTeamDto,
} from '@cardcraft/contracts';
import type {
  CardTemplatesRepository,
  MembershipRecord,
  ProfileRecord,
  ProfilesRepository,
  TeamRecord,
  TeamsRepository,
  UserRecord,
  UsersRepository,
} from '@cardcraft/storage';
import { BadInputError, ConflictError, NotFoundError } from '../platform/common/errors';
import { MediaService } from '../media/media.service';
import { DomainEvents } from '../platform/events/domain-events';
import { CARD_TEMPLATES, PROFILES, TEAMS, USERS } from '../platform/storage/storage.tokens';
import { imagesOf, profileDataOf } from '../profiles/profile.mapper';
import { ProfilesService } from '../profiles/profiles.service';
import { SecondFactorRequirement } from '../auth/second-factor/team-requirement';
import { TeamRoles } from './team-roles';

const EMPTY_BRAND = {
  companyName: null,
  logoUrl: null,
  bannerUrl: null,
  website: null,
  primaryColor: null,
  secondaryColor: null,
};

/** teams, their brand and their people: roles, removals, and what becomes of a leaving member's cards */
@Injectable()
export class TeamsService {
  constructor(
    @Inject(TEAMS) private readonly teams: TeamsRepository,
    @Inject(PROFILES) private readonly profiles: ProfilesRepository,
    @Inject(USERS) private readonly users: UsersRepository,
    @Inject(CARD_TEMPLATES) private readonly templates: CardTemplatesRepository,
    private readonly roles: TeamRoles,
    private readonly cards: ProfilesService,
    private readonly events: DomainEvents,
    private readonly media: MediaService,
    private readonly requirement: SecondFactorRequirement,
  ) {}

  /** any account can make a team; it is its first owner. the brand is the admins' to set */
  create(userId: string, input: CreateTeamDto): Promise<TeamRecord> {
    return this.teams.create(input.name, EMPTY_BRAND, userId);
  }

  listForUser(userId: string): Promise<Array<{ team: TeamRecord; role: TeamRole }>> {
    return this.teams.listForUser(userId);
  }

  /** the name and the brand; the team's cards show the new brand at once */
  async update(teamId: string, userId: string, input: UpdateTeamDto): Promise<TeamRecord> {
    await this.roles.admin(teamId, userId);
    const team = await this.teams.update(teamId, { name: input.name, brand: { ...input.brand } });
    if (!team) throw new NotFoundError(TeamMessages.teamNotFound);
    for (const profile of await this.profiles.listByTeam(teamId)) {
      await this.events.publish('profile.saved', { profile, previousHandle: profile.handle });
    }
    return team;
  }

  /** an owner's act: the team's cards go with their leads and analytics, then the team itself */
  async delete(teamId: string, userId: string): Promise<void> {
    await this.roles.owner(teamId, userId);
    for (const card of await this.profiles.listByTeam(teamId)) await this.cards.remove(card);
    await this.events.publish('team.deleted', { teamId });
    await this.teams.delete(teamId);
  }

  async members(
    teamId: string,
    userId: string,
  ): Promise<{
    members: MembershipRecord[];
    users: UserRecord[];
    cards: ProfileRecord[];
    secured: Set<string>;
  }> {
    await this.roles.admin(teamId, userId);
    const members = await this.teams.listMembers(teamId);
    const ids = members.map((member) => member.userId);
    const [users, cards, secured] = await Promise.all([
      this.users.findByIds(ids),
      this.profiles.listByTeam(teamId),
      this.requirement.secured(ids),
    ]);
    return { members, users, cards, secured };
  }

  /**
   * an owner's act: whether the team requires two-step verification of its people. an owner without
   * it cannot require it (they would lock themselves out)
   */
  async setSecondFactorRequired(teamId: string, userId: string, required: boolean): Promise<TeamRecord> {
    await this.roles.owner(teamId, userId);
    if (required && !(await this.requirement.secured([userId])).has(userId)) {
      throw new BadInputError(SecondFactorMessages.ownerFirst, [
        { field: 'requireSecondFactor', message: SecondFactorMessages.ownerFirst },
      ]);
    }
    const team = await this.teams.setSecondFactorRequired(teamId, required);
    if (!team) throw new NotFoundError(TeamMessages.teamNotFound);
    return team;
  }

  async changeRole(
    teamId: string,
    actorId: string,
    userId: string,
    role: TeamRole,
  ): Promise<MembershipRecord> {
    const { membership: actor } = await this.roles.admin(teamId, actorId);
    const target = await this.requireMembership(teamId, userId);
    // the owner role is given and taken by owners only
    this.roles.assertMayGrant(actor.role, role);
    this.roles.assertMayGrant(actor.role, target.role);
    if (target.role === 'owner' && role !== 'owner') await this.assertAnotherOwner(teamId, userId);
    const changed = await this.teams.setRole(teamId, userId, role);
    if (!changed) throw new NotFoundError(TeamMessages.memberNotFound);
    return changed;
  }

  /**
   * an admin removes a member, or a member leaves (removes themselves). the member's team cards stay
   * the team's, with their address, codes, leads and analytics: given to an admin or owner, or kept
   * unpublished by the one who removes them. personal cards are not touched.
   */
  async removeMember(teamId: string, actorId: string, userId: string, input: RemoveMemberDto): Promise<void> {
    const leaving = actorId === userId;
    // leaving stays open to a member the team's second-factor rule keeps out
    const { membership: actor } = leaving
      ? await this.roles.seat(teamId, actorId)
      : await this.roles.admin(teamId, actorId);
    const target = leaving ? actor : await this.requireMembership(teamId, userId);
    if (!leaving) this.roles.assertMayGrant(actor.role, target.role);
    if (target.role === 'owner') await this.assertAnotherOwner(teamId, userId);
    const keeper = await this.keeperOfCards(teamId, userId, leaving ? null : actorId, input.transferTo);
    await this.handOver(teamId, userId, keeper, input.cards === 'unpublish');
    await this.handOverTeamImages(teamId, userId, keeper);
    await this.teams.removeMember(teamId, userId);
  }

  /**
   * an account that is deleted leaves each of its teams: its team cards go to the team's longest
   * standing owner or admin (a team left without an owner gets one); a team it was alone in goes
   * with its cards
   */
  async leaveAll(userId: string): Promise<void> {
    for (const { team } of await this.teams.listForUser(userId)) {
      const others = (await this.teams.listMembers(team.id)).filter((member) => member.userId !== userId);
      if (others.length === 0) {
        for (const card of await this.profiles.listByTeam(team.id)) await this.cards.remove(card);
        await this.teams.delete(team.id);
        continue;
      }
      if (!others.some((member) => member.role === 'owner')) {
        const heir = others.find((member) => member.role === 'admin') ?? others[0];
        await this.teams.setRole(team.id, heir.userId, 'owner');
        heir.role = 'owner';
      }
      const keeper = others.find((member) => member.role === 'owner') ?? others[0];
      await this.handOver(team.id, userId, keeper.userId, false);
      await this.handOverTeamImages(team.id, userId, keeper.userId);
      await this.teams.removeMember(team.id, userId);
    }
  }

  private async handOver(teamId: string, fromId: string, toId: string, unpublish: boolean): Promise<void> {
    for (const card of await this.profiles.listByTeam(teamId)) {
      if (card.ownerId !== fromId) continue;
      let moved = await this.profiles.reassign(card.id, teamId, toId);
      if (!moved) continue;
      await this.media.handOverImages(imagesOf(card), fromId, toId);
      if (unpublish && moved.published) {
        const data = { ...profileDataOf(moved), published: false, publishedAt: null };
        moved = (await this.profiles.update(card.id, toId, data)) ?? moved;
      }
      await this.events.publish('profile.saved', { profile: moved, previousHandle: card.handle });
    }
  }

  /** the logo, banner and templates' images a leaving admin uploaded stay with the team */
  private async handOverTeamImages(teamId: string, fromId: string, toId: string): Promise<void> {
    const team = await this.teams.findById(teamId);
    const templates = await this.templates.listByTeam(teamId);
    const urls = [
      team?.brand.logoUrl ?? null,
      team?.brand.bannerUrl ?? null,
      ...templates.flatMap((template) => imagesOf(template.content)),
    ];
    await this.media.handOverImages(urls, fromId, toId);
  }

  /** who takes a leaving member's cards: the one named (an admin or owner), else the remover */
  private async keeperOfCards(
    teamId: string,
    leavingId: string,
    removerId: string | null,
    named: string | null,
  ): Promise<string> {
    const candidate = named ?? removerId;
    if (candidate) {
      const membership = await this.teams.membership(teamId, candidate);
      if (!membership || candidate === leavingId || !isTeamAdmin(membership.role)) {
        throw new BadInputError(TeamMessages.transferTarget, [
          { field: 'transferTo', message: TeamMessages.transferTarget },
        ]);
      }
      return candidate;
    }
    // leaving on one's own: the longest standing owner takes the cards
    const owner = (await this.teams.listMembers(teamId)).find(
      (member) => member.role === 'owner' && member.userId !== leavingId,
    );
    if (!owner) throw new ConflictError(TeamMessages.lastOwner);
    return owner.userId;
  }

  private async requireMembership(teamId: string, userId: string): Promise<MembershipRecord> {
    const membership = await this.teams.membership(teamId, userId);
    if (!membership) throw new NotFoundError(TeamMessages.memberNotFound);
    return membership;
  }

  private async assertAnotherOwner(teamId: string, userId: string): Promise<void> {
    const owners = (await this.teams.listMembers(teamId)).filter((member) => member.role === 'owner');
    if (!owners.some((owner) => owner.userId !== userId)) throw new ConflictError(TeamMessages.lastOwner);
  }
}
