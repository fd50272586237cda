import { messageFieldsOrDefault, type Layout, type Theme } from '@cardcraft/contracts';
import type { ProfileData, ProfileRecord } from '../../ports';

/** a profiles row: the card's parts are JSON columns */
export interface ProfileRow {
  id: string;
  owner_id: string;
  handle: string;
  display_name: string;
  tagline: string | null;
  bio: string | null;
  published: number;
  published_at: number | null;
  theme: string;
  layout: string;
  contact: string;
  media: string;
  privacy: string;
  social_links: string;
  blocks: string;
  created_at: number;
  updated_at: number;
}

export function toProfile(row: ProfileRow): ProfileRecord {
  return {
    id: row.id,
    ownerId: row.owner_id,
    handle: row.handle,
    displayName: row.display_name,
    tagline: row.tagline,
    bio: row.bio,
    published: row.published === 1,
    publishedAt: row.published_at === null ? null : new Date(row.published_at),
    theme: row.theme as Theme,
    layout: row.layout as Layout,
    contact: JSON.parse(row.contact) as ProfileRecord['contact'],
    media: JSON.parse(row.media) as ProfileRecord['media'],
    privacy: privacyFrom(row.privacy),
    socialLinks: JSON.parse(row.social_links) as ProfileRecord['socialLinks'],
    blocks: JSON.parse(row.blocks) as ProfileRecord['blocks'],
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
  };
}

/** a card saved before the message form had extra fields asks for none */
function privacyFrom(json: string): ProfileRecord['privacy'] {
  const privacy = JSON.parse(json) as Omit<ProfileRecord['privacy'], 'messageFields'> & {
    messageFields?: ProfileRecord['privacy']['messageFields'];
  };
  return { ...privacy, messageFields: messageFieldsOrDefault(privacy.messageFields) };
}

/** the columns a profile's owner edits, as named parameters */
export function profileParams(data: ProfileData) {
  return {
    handle: data.handle,
    display_name: data.displayName,
    tagline: data.tagline,
    bio: data.bio,
    published: data.published ? 1 : 0,
    published_at: data.publishedAt === null ? null : data.publishedAt.getTime(),
    theme: data.theme,
    layout: data.layout,
    contact: JSON.stringify(pick(data.contact, ['email', 'phoneNumber', 'company', 'location', 'website'])),
    media: JSON.stringify(pick(data.media, ['avatarUrl', 'bannerUrl', 'ogImageUrl'])),
    privacy: JSON.stringify({
      ...pick(data.privacy, ['collectGeo', 'collectIp', 'showIdentifiedViewers', 'allowMessages']),
      messageFields: pick(data.privacy.messageFields, ['name', 'phone', 'company']),
    }),
    social_links: JSON.stringify(
      data.socialLinks.map((link) => pick(link, ['provider', 'label', 'url', 'highlight', 'order'])),
    ),
    blocks: JSON.stringify(
      data.blocks.map((block) =>
        pick(block, ['id', 'type', 'title', 'subtitle', 'payloadJson', 'visible', 'order']),
      ),
    ),
  };
}

/** copies only the record's own fields, so stray properties of a caller's object are not stored */
function pick<T extends object, K extends keyof T>(source: T, keys: readonly K[]): Pick<T, K> {
  const out = {} as Pick<T, K>;
  for (const key of keys) out[key] = source[key];
  return out;
}
