import {
  hasChoices,
  viewerTypeOf,
  type CardBrand,
  type CardTeamResponse,
  type ProfileInputDto,
  type ProfileResponse,
  type PublicProfileResponse,
} from '@cardcraft/contracts';
import type { ProfileData, ProfileRecord } from '@cardcraft/storage';
import { randomUUID } from 'node:crypto';

/** what the owner's view and the public view share */
function cardFields(profile: ProfileRecord) {
  return {
    id: profile.id,
    ownerId: profile.ownerId,
    handle: profile.handle,
    displayName: profile.displayName,
    tagline: profile.tagline,
    bio: profile.bio,
    published: profile.published,
    publishedAtUtc: profile.publishedAt?.toISOString() ?? null,
    theme: profile.theme,
    layout: profile.layout,
    contact: { ...profile.contact },
    media: { ...profile.media },
  };
}

/** the owner's view; `team` says where a team card sits and what its template locks */
export function toProfileResponse(
  profile: ProfileRecord,
  team: CardTeamResponse | null = null,
): ProfileResponse {
  return {
    ...cardFields(profile),
    team,
    privacy: {
      ...profile.privacy,
      messageFields: { ...profile.privacy.messageFields },
      questions: profile.privacy.questions.map((question) => ({
        ...question,
        choices: [...question.choices],
      })),
      cardExchange: { ...profile.privacy.cardExchange },
    },
    socialLinks: profile.socialLinks.map((link) => ({ ...link })),
    blocks: profile.blocks.map((block) => ({ ...block })),
    createdAtUtc: profile.createdAt.toISOString(),
    updatedAtUtc: profile.updatedAt.toISOString(),
  };
}

/**
 * the public page's view: of the privacy settings only whether messages are open and whether the
 * owner sees signed-in visitors by name (a visitor is told before it happens); no hidden blocks
 */
export function toPublicProfileResponse(
  profile: ProfileRecord,
  viewerId: string | null,
  brand: CardBrand | null = null,
): PublicProfileResponse {
  const viewerType = viewerTypeOf(profile, viewerId);
  const isOwner = viewerType === 'owner';
  return {
    ...cardFields(profile),
    allowMessages: profile.privacy.allowMessages,
    messageFields: { ...profile.privacy.messageFields },
    questions: profile.privacy.questions.map((question) => ({ ...question, choices: [...question.choices] })),
    offersCardExchange: profile.privacy.cardExchange.enabled,
    ownerSeesVisitorNames: profile.privacy.showIdentifiedViewers,
    socialLinks: [...profile.socialLinks].sort((a, b) => a.order - b.order).map((link) => ({ ...link })),
    blocks: profile.blocks
      .filter((block) => block.visible)
      .sort((a, b) => a.order - b.order)
      .map((block) => ({ ...block })),
    viewerType,
    isOwner,
    brand,
  };
}

/**
 * the stored form of the editor's values. publishedAt is set when a profile becomes published and
 * kept while it stays published; cleared when it is unpublished.
 */
export function toProfileData(
  input: ProfileInputDto,
  previous: ProfileRecord | null,
  now: Date,
): ProfileData {
  const publishedAt = input.published
    ? previous?.published && previous.publishedAt
      ? previous.publishedAt
      : now
    : null;
  return {
    handle: input.handle,
    displayName: input.displayName,
    tagline: input.tagline ?? null,
    bio: input.bio ?? null,
    published: input.published,
    publishedAt,
    theme: input.theme,
    layout: input.layout,
    contact: {
      email: input.contact.email ?? null,
      phoneNumber: input.contact.phoneNumber ?? null,
      company: input.contact.company ?? null,
      location: input.contact.location ?? null,
      website: input.contact.website ?? null,
    },
    media: {
      avatarUrl: input.media.avatarUrl ?? null,
      bannerUrl: input.media.bannerUrl ?? null,
      ogImageUrl: input.media.ogImageUrl ?? null,
    },
    privacy: {
      collectGeo: input.privacy.collectGeo,
      collectIp: input.privacy.collectIp,
      showIdentifiedViewers: input.privacy.showIdentifiedViewers,
      allowMessages: input.privacy.allowMessages,
      messageFields: { ...input.privacy.messageFields },
      // a new question gets its id here; the choices belong to the choice kinds only
      questions: input.privacy.questions.map((question) => ({
        id: question.id || newQuestionId(),
        label: question.label,
        kind: question.kind,
        required: question.required,
        help: question.help ?? null,
        choices: hasChoices(question.kind) ? [...question.choices] : [],
      })),
      cardExchange: {
        enabled: input.privacy.cardExchange.enabled,
        followUp: input.privacy.cardExchange.followUp ?? null,
      },
    },
    socialLinks: input.socialLinks.map((link, index) => ({
      provider: link.provider,
      label: link.label ?? null,
      url: link.url,
      highlight: link.highlight,
      order: link.order ?? index,
    })),
    blocks: input.blocks.map((block, index) => ({
      id: block.id || randomUUID(),
      type: block.type,
      title: block.title,
      subtitle: block.subtitle ?? null,
      payloadJson: block.payloadJson ?? null,
      visible: block.visible,
      order: block.order ?? index,
    })),
  };
}

/** a short id a form field can be named by: "q" and 12 random hex digits */
function newQuestionId(): string {
  return `q${randomUUID().replace(/-/g, '').slice(0, 12)}`;
}

/** what a stored card holds that its owner edits (and its publication), without the store's own fields */
export function profileDataOf(profile: ProfileRecord): ProfileData {
  const {
    id: _id,
    ownerId: _owner,
    teamId: _team,
    templateId: _template,
    createdAt: _created,
    updatedAt: _updated,
    ...data
  } = profile;
  return data;
}

/** the image addresses a card holds */
export function imagesOf(profile: Pick<ProfileRecord, 'media'>): string[] {
  const { avatarUrl, bannerUrl, ogImageUrl } = profile.media;
  return [avatarUrl, bannerUrl, ogImageUrl].filter((url): url is string => !!url);
}
