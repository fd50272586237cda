import {
  cardExchangeOrDefault,
  messageFieldsOrDefault,
  questionsOrDefault,
  type Layout,
  type TemplateContent,
  type Theme,
} from '@cardcraft/contracts';
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
  /** null on a personal card (and on every card made before teams) */
  team_id: string | null;
  template_id: string | null;
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
    teamId: row.team_id ?? null,
    templateId: row.template_id ?? null,
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
  };
}

/** a card saved before the message form had extra fields, questions or the card exchange has none */
function privacyFrom(json: string): ProfileRecord['privacy'] {
  const privacy = JSON.parse(json) as Partial<ProfileRecord['privacy']>;
  return {
    collectGeo: privacy.collectGeo === true,
    collectIp: privacy.collectIp === true,
    showIdentifiedViewers: privacy.showIdentifiedViewers === true,
    allowMessages: privacy.allowMessages === true,
    messageFields: messageFieldsOrDefault(privacy.messageFields),
    questions: questionsOrDefault(privacy.questions),
    cardExchange: cardExchangeOrDefault(privacy.cardExchange),
  };
}

/** the columns a profile's owner edits, as named parameters */
export function profileParams(data: ProfileData) {
  const parts = contentParts(data);
  return {
    handle: data.handle,
    display_name: data.displayName,
    tagline: data.tagline,
    bio: data.bio,
    published: data.published ? 1 : 0,
    published_at: data.publishedAt === null ? null : data.publishedAt.getTime(),
    theme: data.theme,
    layout: data.layout,
    contact: JSON.stringify(parts.contact),
    media: JSON.stringify(parts.media),
    privacy: JSON.stringify(parts.privacy),
    social_links: JSON.stringify(parts.socialLinks),
    blocks: JSON.stringify(parts.blocks),
  };
}

/** a card's content as a template holds it (one JSON column), with only the content's own fields */
export function contentParts(content: TemplateContent): TemplateContent {
  return {
    tagline: content.tagline,
    bio: content.bio,
    theme: content.theme,
    layout: content.layout,
    contact: pick(content.contact, ['email', 'phoneNumber', 'company', 'location', 'website']),
    media: pick(content.media, ['avatarUrl', 'bannerUrl', 'ogImageUrl']),
    privacy: {
      ...pick(content.privacy, ['collectGeo', 'collectIp', 'showIdentifiedViewers', 'allowMessages']),
      messageFields: pick(content.privacy.messageFields, ['name', 'phone', 'company']),
      questions: content.privacy.questions.map((question) =>
        pick(question, ['id', 'label', 'kind', 'required', 'help', 'choices']),
      ),
      cardExchange: pick(content.privacy.cardExchange, ['enabled', 'followUp']),
    },
    socialLinks: content.socialLinks.map((link) =>
      pick(link, ['provider', 'label', 'url', 'highlight', 'order']),
    ),
    blocks: content.blocks.map((block) =>
      pick(block, ['id', 'type', 'title', 'subtitle', 'payloadJson', 'visible', 'order']),
    ),
  };
}

/** copies only the record's own fields, so stray properties of a caller's object are not stored */
function pick<T extends object, K extends keyof T>(source: T, keys: readonly K[]): Pick<T, K> {
  const out = {} as Pick<T, K>;
  for (const key of keys) out[key] = source[key];
  return out;
}
