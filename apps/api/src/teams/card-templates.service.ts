import { Inject, Injectable } from '@nestjs/common';
import { TeamMessages, type CardTemplateInputDto } from '@cardcraft/contracts';
import type { CardTemplateRecord, CardTemplatesRepository, ProfilesRepository } from '@cardcraft/storage';
import { NotFoundError } from '../platform/common/errors';
import { DomainEvents } from '../platform/events/domain-events';
import { CARD_TEMPLATES, PROFILES } from '../platform/storage/storage.tokens';
import { imagesOf } from '../profiles/profile.mapper';
import { cardAfterTemplateChange, toTemplateContent } from './card-from-template';
import { TeamRoles } from './team-roles';

/** the team's card templates: every member reads them, admins write them */
@Injectable()
export class CardTemplatesService {
  constructor(
    @Inject(CARD_TEMPLATES) private readonly templates: CardTemplatesRepository,
    @Inject(PROFILES) private readonly profiles: ProfilesRepository,
    private readonly roles: TeamRoles,
    private readonly events: DomainEvents,
  ) {}

  /** each template with the number of cards made from it */
  async list(
    teamId: string,
    userId: string,
  ): Promise<Array<{ template: CardTemplateRecord; cards: number }>> {
    await this.roles.member(teamId, userId);
    const [templates, cards] = await Promise.all([
      this.templates.listByTeam(teamId),
      this.profiles.listByTeam(teamId),
    ]);
    return templates.map((template) => ({
      template,
      cards: cards.filter((card) => card.templateId === template.id).length,
    }));
  }

  async get(
    teamId: string,
    userId: string,
    id: string,
  ): Promise<{ template: CardTemplateRecord; cards: number }> {
    await this.roles.member(teamId, userId);
    const template = await this.require(teamId, id);
    return { template, cards: (await this.profiles.listByTemplate(teamId, id)).length };
  }

  async create(teamId: string, userId: string, input: CardTemplateInputDto): Promise<CardTemplateRecord> {
    await this.roles.admin(teamId, userId);
    return this.templates.create(teamId, {
      name: input.name,
      content: toTemplateContent(input.content, new Date()),
      lockedFields: [...new Set(input.lockedFields)],
    });
  }

  /**
   * a new version of the template: every card made from it takes the locked fields' new values at
   * once; what members may change on their cards stays as they made it
   */
  async update(
    teamId: string,
    userId: string,
    id: string,
    input: CardTemplateInputDto,
  ): Promise<{ template: CardTemplateRecord; cards: number }> {
    await this.roles.admin(teamId, userId);
    const template = await this.templates.update(teamId, id, {
      name: input.name,
      content: toTemplateContent(input.content, new Date()),
      lockedFields: [...new Set(input.lockedFields)],
    });
    if (!template) throw new NotFoundError(TeamMessages.templateNotFound);
    const cards = await this.profiles.listByTemplate(teamId, id);
    for (const card of cards) {
      const profile = await this.profiles.update(
        card.id,
        card.ownerId,
        cardAfterTemplateChange(card, template),
      );
      if (profile) {
        await this.events.publish('profile.saved', {
          profile,
          previousHandle: card.handle,
          previousImages: imagesOf(card),
        });
      }
    }
    return { template, cards: cards.length };
  }

  /** the cards made from it keep what they hold, now free of the template */
  async delete(teamId: string, userId: string, id: string): Promise<void> {
    await this.roles.admin(teamId, userId);
    if (!(await this.templates.delete(teamId, id))) throw new NotFoundError(TeamMessages.templateNotFound);
  }

  private async require(teamId: string, id: string): Promise<CardTemplateRecord> {
    const template = await this.templates.findById(teamId, id);
    if (!template) throw new NotFoundError(TeamMessages.templateNotFound);
    return template;
  }
}
