import {
  cardExchangeOrDefault,
  messageFieldsOrDefault,
  questionsOrDefault,
  type BlockType,
  type Layout,
  type TemplateContent,
  type Theme,
} from '@cardcraft/contracts';
import type { ProfileData, ProfileRecord } from '../../ports';
import type { ProfileDoc, TemplateContentDoc } from './mongo-schemas';

/** a document as the port's record; parts a document made before them lacks read as their defaults */
export function toProfile(doc: ProfileDoc): ProfileRecord {
  return {
    id: doc._id.toHexString(),
    ownerId: doc.ownerId.toHexString(),
    handle: doc.handle,
    displayName: doc.displayName,
    published: doc.published === true,
    publishedAt: doc.publishedAt ?? null,
    ...toContent(doc),
    teamId: doc.teamId?.toHexString() ?? null,
    templateId: doc.templateId?.toHexString() ?? null,
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
  };
}

/** a card's content, a profile's or a template's */
export function toContent(doc: TemplateContentDoc): TemplateContent {
  const contact = doc.contact ?? {};
  const media = doc.media ?? {};
  const privacy = doc.privacy ?? {};
  return {
    tagline: doc.tagline ?? null,
    bio: doc.bio ?? null,
    theme: doc.theme as Theme,
    layout: doc.layout as Layout,
    contact: {
      email: contact.email ?? null,
      phoneNumber: contact.phoneNumber ?? null,
      company: contact.company ?? null,
      location: contact.location ?? null,
      website: contact.website ?? null,
    },
    media: {
      avatarUrl: media.avatarUrl ?? null,
      bannerUrl: media.bannerUrl ?? null,
      ogImageUrl: media.ogImageUrl ?? null,
    },
    privacy: {
      collectGeo: privacy.collectGeo === true,
      collectIp: privacy.collectIp === true,
      showIdentifiedViewers: privacy.showIdentifiedViewers === true,
      allowMessages: privacy.allowMessages === true,
      messageFields: messageFieldsOrDefault(privacy.messageFields),
      questions: questionsOrDefault(privacy.questions),
      cardExchange: cardExchangeOrDefault(privacy.cardExchange),
    },
    socialLinks: (doc.socialLinks ?? []).map((link) => ({
      provider: link.provider,
      label: link.label ?? null,
      url: link.url,
      highlight: link.highlight === true,
      order: link.order,
    })),
    blocks: (doc.blocks ?? []).map((block) => ({
      id: block.id,
      type: block.type as BlockType,
      title: block.title,
      subtitle: block.subtitle ?? null,
      payloadJson: block.payloadJson ?? null,
      visible: block.visible === true,
      order: block.order,
    })),
  };
}

/** the fields a profile's owner edits, and nothing a caller's object may carry besides */
export function profileFields(data: ProfileData) {
  return {
    handle: data.handle,
    displayName: data.displayName,
    published: data.published,
    publishedAt: data.publishedAt,
    ...contentFields(data),
  };
}

/** a card's content, and nothing a caller's object may carry besides */
export function contentFields(content: TemplateContent): TemplateContentDoc {
  return {
    tagline: content.tagline,
    bio: content.bio,
    theme: content.theme,
    layout: content.layout,
    contact: content.contact,
    media: content.media,
    privacy: {
      collectGeo: content.privacy.collectGeo,
      collectIp: content.privacy.collectIp,
      showIdentifiedViewers: content.privacy.showIdentifiedViewers,
      allowMessages: content.privacy.allowMessages,
      messageFields: content.privacy.messageFields,
      questions: content.privacy.questions.map(({ id, label, kind, required, help, choices }) => ({
        id,
        label,
        kind,
        required,
        help,
        choices: [...choices],
      })),
      cardExchange: {
        enabled: content.privacy.cardExchange.enabled,
        followUp: content.privacy.cardExchange.followUp,
      },
    },
    socialLinks: content.socialLinks,
    blocks: content.blocks,
  };
}
