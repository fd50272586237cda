import { Inject, Injectable } from '@nestjs/common';
import {
  isTeamAdmin,
  TeamMessages,
  type CreateTeamCardDto,
  type TeamCardsQueryDto,
} from '@cardcraft/contracts';
import {
  DuplicateKeyError,
  type CardTemplateRecord,
  type CardTemplatesRepository,
  type ProfileRecord,
  type ProfilesRepository,
  type TeamInvitationRecord,
  type TeamsRepository,
  type UserRecord,
  type UsersRepository,
} from '@cardcraft/storage';
import { BadInputError, ConflictError, ForbiddenError, NotFoundError } from '../platform/common/errors';
import { APP_CONFIG, type AppConfig } from '../platform/config/app-config';
import { MediaService } from '../media/media.service';
import { DomainEvents } from '../platform/events/domain-events';
import { CARD_TEMPLATES, PROFILES, TEAMS, USERS } from '../platform/storage/storage.tokens';
import { imagesOf } from '../profiles/profile.mapper';
import { ProfilesService } from '../profiles/profiles.service';
import { cardFromTemplate, type HolderDetails } from './card-from-template';
import { TeamRoles } from './team-roles';

/** how many numbered handles a member's first card tries (ada, ada-2, ...) before it gives up */
const FIRST_CARD_HANDLE_TRIES = 20;

/** the team's cards: who sees which, cards made from a template, and a card given to someone else */
@Injectable()
export class TeamCardsService {
  constructor(
    @Inject(PROFILES) private readonly profiles: ProfilesRepository,
    @Inject(CARD_TEMPLATES) private readonly templates: CardTemplatesRepository,
    @Inject(TEAMS) private readonly teams: TeamsRepository,
    @Inject(USERS) private readonly users: UsersRepository,
    private readonly roles: TeamRoles,
    private readonly cards: ProfilesService,
    private readonly events: DomainEvents,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly media: MediaService,
  ) {}

  /** an admin sees every card of the team (or one member's), a member only their own */
  async inReach(
    teamId: string,
    userId: string,
    query: Pick<TeamCardsQueryDto, 'memberId'>,
  ): Promise<ProfileRecord[]> {
    const holder = await this.holderInReach(teamId, userId, query);
    const cards = await this.profiles.listByTeam(teamId);
    return holder ? cards.filter((card) => card.ownerId === holder) : cards;
  }

  /** whose cards the caller may see: one member's (their own, or the one an admin asks for), or null for all */
  async holderInReach(
    teamId: string,
    userId: string,
    query: Pick<TeamCardsQueryDto, 'memberId'>,
  ): Promise<string | null> {
    const { membership } = await this.roles.member(teamId, userId);
    return isTeamAdmin(membership.role) ? query.memberId : userId;
  }

  async template(teamId: string, templateId: string): Promise<CardTemplateRecord> {
    const template = await this.templates.findById(teamId, templateId);
    if (!template) {
      throw new NotFoundError(TeamMessages.templateNotFound, [
        { field: 'templateId', message: TeamMessages.templateNotFound },
      ]);
    }
    return template;
  }

  /** an admin makes a card for any member; a member for themselves */
  async create(teamId: string, userId: string, input: CreateTeamCardDto): Promise<ProfileRecord> {
    const { membership } = await this.roles.member(teamId, userId);
    const holderId = input.holderId ?? userId;
    if (holderId !== userId && !isTeamAdmin(membership.role))
      throw new ForbiddenError(TeamMessages.adminsOnly);
    await this.assertMember(teamId, holderId);
    const template = await this.template(teamId, input.templateId);
    this.cards.assertHandleAllowed(input.handle);
    const details = { handle: input.handle, displayName: input.displayName, title: null, phone: null };
    const holder = await this.users.findById(holderId);
    const email = holder?.email ?? null;
    return this.cards.withHandleConflict(input.handle, () =>
      this.createFrom(template, holderId, { ...details, email }),
    );
  }

  /**
   * the card an invitation promised: made from its template with the invited name, title and phone,
   * under the first free handle made from the name
   */
  async firstCard(invitation: TeamInvitationRecord, user: UserRecord): Promise<ProfileRecord | null> {
    const template = invitation.templateId
      ? await this.templates.findById(invitation.teamId, invitation.templateId)
      : null;
    if (!template) return null;
    const displayName = invitation.name ?? user.displayName;
    const base = handleBase(displayName, user.email);
    for (let n = 1; n <= FIRST_CARD_HANDLE_TRIES; n++) {
      const handle = n === 1 ? base : `${base.slice(0, 28)}-${n}`;
      if (await this.profiles.findByHandle(handle)) continue;
      try {
        this.cards.assertHandleAllowed(handle);
        return await this.createFrom(template, user.id, {
          handle,
          displayName,
          email: user.email,
          title: invitation.title,
          phone: invitation.phone,
        });
      } catch (error) {
        // taken in between, or reserved: the next number
        if (!(error instanceof DuplicateKeyError) && !(error instanceof BadInputError)) throw error;
      }
    }
    return null;
  }

  /** gives a team card to another member; its address, codes, leads and analytics stay */
  async assign(teamId: string, userId: string, profileId: string, holderId: string): Promise<ProfileRecord> {
    await this.roles.admin(teamId, userId);
    await this.assertMember(teamId, holderId);
    const card = await this.profiles.findById(profileId);
    if (!card || card.teamId !== teamId) throw new NotFoundError('Profile not found');
    const moved = await this.profiles.reassign(profileId, teamId, holderId);
    if (!moved) throw new NotFoundError('Profile not found');
    await this.media.handOverImages(imagesOf(card), card.ownerId, holderId);
    await this.events.publish('profile.saved', { profile: moved, previousHandle: card.handle });
    return moved;
  }

  /** the team's cap, checked before each card the team gains (as a person's cap is) */
  private async createFrom(
    template: CardTemplateRecord,
    holderId: string,
    details: HolderDetails,
  ): Promise<ProfileRecord> {
    const max = this.config.maxCardsPerTeam;
    if ((await this.profiles.listByTeam(template.teamId)).length >= max) {
      throw new ConflictError(TeamMessages.tooManyTeamCards(max));
    }
    const profile = await this.profiles.create(holderId, cardFromTemplate(template, details), {
      teamId: template.teamId,
      templateId: template.id,
    });
    await this.events.publish('profile.saved', { profile, previousHandle: null });
    return profile;
  }

  private async assertMember(teamId: string, userId: string): Promise<void> {
    if (!(await this.teams.membership(teamId, userId))) {
      throw new BadInputError(TeamMessages.holderNotMember, [
        { field: 'holderId', message: TeamMessages.holderNotMember },
      ]);
    }
  }
}

/** a handle made from a name: lower-case letters, digits and dashes, 3 to 32 characters */
function handleBase(name: string, email: string): string {
  const fromName = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 32);
  const base =
    fromName.length >= 3
      ? fromName
      : email
          .split('@')[0]
          .toLowerCase()
          .replace(/[^a-z0-9]+/g, '-');
  return base.length >= 3 ? base.slice(0, 32) : `${base}-card`;
}
