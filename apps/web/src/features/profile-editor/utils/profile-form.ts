import type { TFunction } from 'i18next';
import {
  BLOCK_TYPE_DEFINITIONS,
  DEFAULT_LAYOUT,
  DEFAULT_THEME,
  defaultPayloadJson,
  normalizeBlockType,
  normalizeHandle,
  normalizeLayout,
  normalizeTheme,
  type BlockType,
  type CardBrand,
  type ContactResponse,
  type Layout,
  type MediaResponse,
  type PrivacyResponse,
  type ProfileContent,
  type PublicProfileResponse,
  type Theme,
} from '@cardcraft/contracts';
import { messageFieldsOrDefault } from '@cardcraft/contracts/message-fields';
import {
  cardExchangeOrDefault,
  hasChoices,
  NO_CARD_EXCHANGE,
  questionsOrDefault,
  type CardQuestion,
} from '@cardcraft/contracts/question-rules';
import { NO_EXTRA_FIELDS } from '@/components/public-card/lib/lead-form';
import { withScheme } from '@/lib/urls';

export interface SocialLinkForm {
  /** client side only, never sent */
  id: string;
  provider: string;
  label: string;
  url: string;
  highlight: boolean;
}

/** which of a block's type-dependent fields the user has edited */
export interface BlockTouched {
  title: boolean;
  subtitle: boolean;
  payloadJson: boolean;
}

export interface BlockForm {
  id: string;
  type: BlockType;
  title: string;
  subtitle: string;
  payloadJson: string;
  visible: boolean;
  touched: BlockTouched;
}

/** a form's text inputs hold '' where the card has null */
type Filled<T> = { [K in keyof T]: NonNullable<T[K]> };

/** the editor's values: the card's content (ProfileContent) as its inputs hold it */
export interface ProfileFormValues {
  handle: string;
  displayName: string;
  tagline: string;
  bio: string;
  theme: Theme;
  layout: Layout;
  published: boolean;
  contact: Filled<ContactResponse>;
  media: Filled<MediaResponse>;
  privacy: PrivacyResponse;
  socialLinks: SocialLinkForm[];
  blocks: BlockForm[];
}

/** the body of create and update (ProfileInputDto as plain JSON): the card's content */
export type ProfileInput = ProfileContent;

export function newId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `id-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

/** all text empty, draft, no links or blocks, geo and ip off, identified viewers and messages on */
export function emptyProfileValues(): ProfileFormValues {
  return {
    handle: '',
    displayName: '',
    tagline: '',
    bio: '',
    theme: DEFAULT_THEME,
    layout: DEFAULT_LAYOUT,
    published: false,
    contact: { email: '', phoneNumber: '', company: '', location: '', website: '' },
    media: { avatarUrl: '', bannerUrl: '', ogImageUrl: '' },
    privacy: {
      collectGeo: false,
      collectIp: false,
      showIdentifiedViewers: true,
      allowMessages: true,
      messageFields: { ...NO_EXTRA_FIELDS },
      questions: [],
      cardExchange: { ...NO_CARD_EXCHANGE },
    },
    socialLinks: [],
    blocks: [],
  };
}

/** a new social link row: LinkedIn, no label, a URL to complete, not highlighted until chosen */
export function createSocialLink(): SocialLinkForm {
  return { id: newId(), provider: 'LinkedIn', label: '', url: 'https://', highlight: false };
}

/** a new block with the defaults of its type; nothing edited yet */
export function createBlock(type: BlockType = 'cta'): BlockForm {
  const def = BLOCK_TYPE_DEFINITIONS[type];
  return {
    id: newId(),
    type,
    title: def.defaultTitle,
    subtitle: def.defaultSubtitle ?? '',
    payloadJson: defaultPayloadJson(type),
    visible: true,
    touched: { title: false, subtitle: false, payloadJson: false },
  };
}

/**
 * changing a block's type fills the new type's default title, subtitle and payload, but only
 * for the fields the user has not edited; edited fields keep their text.
 */
export function applyBlockTypeChange(block: BlockForm, newType: BlockType, touched: BlockTouched): BlockForm {
  const def = BLOCK_TYPE_DEFINITIONS[newType];
  return {
    ...block,
    type: newType,
    title: touched.title ? block.title : def.defaultTitle,
    subtitle: touched.subtitle ? block.subtitle : (def.defaultSubtitle ?? ''),
    payloadJson: touched.payloadJson ? block.payloadJson : defaultPayloadJson(newType),
    touched: { ...touched },
  };
}

/** 'Use suggested settings': every type-dependent field back to the type's defaults */
export function applySuggestedSettings(block: BlockForm): BlockForm {
  const def = BLOCK_TYPE_DEFINITIONS[block.type];
  return {
    ...block,
    title: def.defaultTitle,
    subtitle: def.defaultSubtitle ?? '',
    payloadJson: defaultPayloadJson(block.type),
    touched: { title: false, subtitle: false, payloadJson: false },
  };
}

function samePayload(a: string, b: string): boolean {
  try {
    return JSON.stringify(JSON.parse(a)) === JSON.stringify(JSON.parse(b));
  } catch {
    return a.trim() === b.trim();
  }
}

/** form values of a loaded profile; a missing privacy flag defaults to true */
export function profileToFormValues(profile: ProfileContent): ProfileFormValues {
  const privacy: Partial<ProfileContent['privacy']> = profile.privacy ?? {};
  const flag = (value: boolean | undefined) => (typeof value === 'boolean' ? value : true);
  return {
    handle: profile.handle ?? '',
    displayName: profile.displayName ?? '',
    tagline: profile.tagline ?? '',
    bio: profile.bio ?? '',
    theme: normalizeTheme(profile.theme),
    layout: normalizeLayout(profile.layout),
    published: Boolean(profile.published),
    contact: {
      email: profile.contact?.email ?? '',
      phoneNumber: profile.contact?.phoneNumber ?? '',
      company: profile.contact?.company ?? '',
      location: profile.contact?.location ?? '',
      website: profile.contact?.website ?? '',
    },
    media: {
      avatarUrl: profile.media?.avatarUrl ?? '',
      bannerUrl: profile.media?.bannerUrl ?? '',
      ogImageUrl: profile.media?.ogImageUrl ?? '',
    },
    privacy: {
      collectGeo: flag(privacy.collectGeo),
      collectIp: flag(privacy.collectIp),
      showIdentifiedViewers: flag(privacy.showIdentifiedViewers),
      allowMessages: flag(privacy.allowMessages),
      messageFields: messageFieldsOrDefault(privacy.messageFields),
      questions: questionsOrDefault(privacy.questions),
      cardExchange: cardExchangeOrDefault(privacy.cardExchange),
    },
    socialLinks: [...(profile.socialLinks ?? [])]
      .sort((a, b) => (a.order ?? 0) - (b.order ?? 0))
      .map((link) => ({
        id: newId(),
        provider: link.provider ?? '',
        label: link.label ?? '',
        url: link.url ?? '',
        highlight: link.highlight ?? true,
      })),
    blocks: [...(profile.blocks ?? [])]
      .sort((a, b) => (a.order ?? 0) - (b.order ?? 0))
      .map((block) => {
        const type = normalizeBlockType(block.type);
        const def = BLOCK_TYPE_DEFINITIONS[type];
        const title = block.title ?? '';
        const subtitle = block.subtitle ?? '';
        const payloadJson = block.payloadJson ?? '';
        return {
          id: block.id || newId(),
          type,
          title,
          subtitle,
          payloadJson,
          visible: block.visible ?? true,
          // a stored value that equals the type's default counts as not edited
          touched: {
            title: title !== def.defaultTitle,
            subtitle: subtitle !== (def.defaultSubtitle ?? ''),
            payloadJson: !samePayload(payloadJson, defaultPayloadJson(type)),
          },
        };
      }),
  };
}

/** an optional address: '' → null, else with its scheme */
function optionalUrl(value: string): string | null {
  const text = optional(value);
  return text === null ? null : withScheme(text);
}

/** '' → null for optional text */
function optional(value: string): string | null {
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

/** a question as saved: trimmed, no help when empty, options only for the choice kinds */
function questionInput(question: CardQuestion): CardQuestion {
  return {
    id: question.id,
    label: question.label.trim(),
    kind: question.kind,
    required: question.required,
    help: optional(question.help ?? ''),
    // the options are typed one a line: blank lines are not options
    choices: hasChoices(question.kind)
      ? question.choices.map((choice) => choice.trim()).filter((choice) => choice !== '')
      : [],
  };
}

/** the payload of create and update: trimmed, empty optionals as null, links and blocks with their order */
export function toProfileInput(values: ProfileFormValues): ProfileInput {
  return {
    handle: normalizeHandle(values.handle),
    displayName: values.displayName.trim(),
    tagline: optional(values.tagline),
    bio: values.bio.trim() === '' ? null : values.bio,
    theme: values.theme,
    layout: values.layout,
    published: values.published,
    contact: {
      email: optional(values.contact.email),
      phoneNumber: optional(values.contact.phoneNumber),
      company: optional(values.contact.company),
      location: optional(values.contact.location),
      website: optionalUrl(values.contact.website),
    },
    media: {
      avatarUrl: optionalUrl(values.media.avatarUrl),
      bannerUrl: optionalUrl(values.media.bannerUrl),
      ogImageUrl: optionalUrl(values.media.ogImageUrl),
    },
    privacy: {
      ...values.privacy,
      messageFields: { ...values.privacy.messageFields },
      questions: values.privacy.questions.map(questionInput),
      cardExchange: {
        enabled: values.privacy.cardExchange.enabled,
        followUp: values.privacy.cardExchange.followUp?.trim() ? values.privacy.cardExchange.followUp : null,
      },
    },
    socialLinks: values.socialLinks.map((link, order) => ({
      provider: link.provider.trim(),
      label: optional(link.label),
      url: withScheme(link.url.trim()),
      highlight: link.highlight,
      order,
    })),
    blocks: values.blocks.map((block, order) => ({
      id: block.id || newId(),
      type: block.type,
      title: block.title.trim(),
      subtitle: optional(block.subtitle),
      payloadJson: block.payloadJson.trim() === '' ? null : block.payloadJson,
      visible: block.visible,
      order,
    })),
  };
}

export function isValidJson(text: string): boolean {
  if (text.trim() === '') return true;
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** an image address the preview may load: http(s) only, so a half-typed value shows the theme's art */
function previewImage(value: string | null): string | null {
  return value && /^https?:\/\/\S+\.\S+/i.test(value) ? value : null;
}

/**
 * the form as the public card's profile, for the live preview: the same trimming as the saved body,
 * then what the server hands the card (visible blocks only, by order, a team card's brand), seen by
 * its owner. an empty name and handle are filled with the editor's words for them (t: its catalogue)
 */
export function toPreviewProfile(
  values: ProfileFormValues,
  t: TFunction,
  now: Date = new Date(),
  brand: CardBrand | null = null,
): PublicProfileResponse {
  const { privacy, ...input } = toProfileInput(values);
  return {
    ...input,
    id: 'preview',
    ownerId: 'preview',
    handle: input.handle || t('handle.yourHandle', { ns: 'editor' }),
    displayName: input.displayName || t('preview.yourName', { ns: 'editor' }),
    publishedAtUtc: input.published ? now.toISOString() : null,
    media: {
      ...input.media,
      avatarUrl: previewImage(input.media.avatarUrl),
      bannerUrl: previewImage(input.media.bannerUrl),
    },
    allowMessages: privacy.allowMessages,
    messageFields: privacy.messageFields,
    questions: privacy.questions,
    offersCardExchange: privacy.cardExchange.enabled,
    ownerSeesVisitorNames: privacy.showIdentifiedViewers,
    blocks: input.blocks.filter((block) => block.visible),
    viewerType: 'owner',
    isOwner: true,
    brand,
  };
}
