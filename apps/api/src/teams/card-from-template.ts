import {
  withLockedValues,
  type ProfileInputDto,
  type TemplateContent,
  type TemplateContentDto,
} from '@cardcraft/contracts';
import type { CardTemplateRecord, ProfileData, ProfileRecord } from '@cardcraft/storage';
import { randomUUID } from 'node:crypto';
import { profileDataOf, toProfileData } from '../profiles/profile.mapper';

/** a template's content as stored: the same normal form as a saved card's (orders, block ids) */
export function toTemplateContent(input: TemplateContentDto, now: Date): TemplateContent {
  const card = { ...input, handle: 'template', displayName: 'Template', published: false } as ProfileInputDto;
  const {
    handle: _handle,
    displayName: _name,
    published: _published,
    publishedAt: _at,
    ...content
  } = toProfileData(card, null, now);
  return content;
}

/** what the member brings to a card made for them: their name, and what an invitation said */
export interface HolderDetails {
  handle: string;
  displayName: string;
  email: string | null;
  title: string | null;
  phone: string | null;
}

/**
 * a new team card: the template's content, with the member's own name, address, title and phone
 * where the template leaves those fields open; unpublished, so the member looks before it is seen
 */
export function cardFromTemplate(template: CardTemplateRecord, holder: HolderDetails): ProfileData {
  const content = structuredClone(template.content);
  const own = {
    ...content,
    handle: holder.handle,
    displayName: holder.displayName,
    published: false,
    publishedAt: null,
    tagline: holder.title ?? content.tagline,
    contact: {
      ...content.contact,
      email: holder.email ?? content.contact.email,
      phoneNumber: holder.phone ?? content.contact.phoneNumber,
    },
    // block ids are the card's own once it exists; kept from the template so a lock compares equal
    blocks: content.blocks.map((block) => ({ ...block, id: block.id || randomUUID() })),
  };
  return withLockedValues(own, template.content, template.lockedFields);
}

/** a card after its template changed: the locked fields follow, what the member may change stays */
export function cardAfterTemplateChange(card: ProfileRecord, template: CardTemplateRecord): ProfileData {
  return withLockedValues(profileDataOf(card), template.content, template.lockedFields);
}
