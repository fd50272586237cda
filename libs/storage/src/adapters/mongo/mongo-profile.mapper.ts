import { messageFieldsOrDefault, type BlockType, type Layout, type Theme } from '@cardcraft/contracts';
import type { ProfileData, ProfileRecord } from '../../ports';
import type { ProfileDoc } from './mongo-schemas';

/** a document as the port's record; parts a document made before them lacks read as their defaults */
export function toProfile(doc: ProfileDoc): ProfileRecord {
  const contact = doc.contact ?? {};
  const media = doc.media ?? {};
  const privacy = doc.privacy ?? {};
  return {
    id: doc._id.toHexString(),
    ownerId: doc.ownerId.toHexString(),
    handle: doc.handle,
    displayName: doc.displayName,
    tagline: doc.tagline ?? null,
    bio: doc.bio ?? null,
    published: doc.published === true,
    publishedAt: doc.publishedAt ?? null,
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
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
  };
}

/** the fields a profile's owner edits, and nothing a caller's object may carry besides */
export function profileFields(data: ProfileData) {
  return {
    handle: data.handle,
    displayName: data.displayName,
    tagline: data.tagline,
    bio: data.bio,
    published: data.published,
    publishedAt: data.publishedAt,
    theme: data.theme,
    layout: data.layout,
    contact: data.contact,
    media: data.media,
    privacy: data.privacy,
    socialLinks: data.socialLinks,
    blocks: data.blocks,
  };
}
