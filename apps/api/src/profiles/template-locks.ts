import { Inject, Injectable } from '@nestjs/common';
import { changedLockedFields, LOCKED_FIELD_MESSAGE } from '@cardcraft/contracts';
import type { CardTemplatesRepository, ProfileData, ProfileRecord } from '@cardcraft/storage';
import { ForbiddenError } from '../platform/common/errors';
import { CARD_TEMPLATES } from '../platform/storage/storage.tokens';

/** a team card's locked fields: what its template sets, nobody changes on the card itself */
@Injectable()
export class TemplateLocks {
  constructor(@Inject(CARD_TEMPLATES) private readonly templates: CardTemplatesRepository) {}

  /** refuses a change to a locked field, naming every such field's path */
  async assertUnchanged(card: ProfileRecord, next: ProfileData): Promise<void> {
    if (!card.teamId || !card.templateId) return;
    const template = await this.templates.findById(card.teamId, card.templateId);
    if (!template) return;
    const changed = changedLockedFields(next, template.content, template.lockedFields);
    if (changed.length > 0) {
      throw new ForbiddenError(
        LOCKED_FIELD_MESSAGE,
        changed.map((field) => ({ field, message: LOCKED_FIELD_MESSAGE })),
      );
    }
  }
}
