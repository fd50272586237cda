import { nonBlankText, parseHttpUrl, safeHref } from './urls';

export const BLOCK_TYPES = ['cta', 'quote', 'embed', 'links'] as const;
export type BlockType = (typeof BLOCK_TYPES)[number];

export interface CtaPayload {
  ctaLabel?: string;
  ctaHref?: string;
  body?: string;
}
export interface QuotePayload {
  quote?: string;
  author?: string;
}
export interface EmbedPayload {
  embedUrl?: string;
}
export interface LinksPayload {
  links?: { label: string; href: string }[];
}

export interface BlockTypeDefinition {
  type: BlockType;
  label: string;
  defaultTitle: string;
  defaultSubtitle: string | null;
  defaultPayload: Record<string, unknown>;
  /** shown on the public card when the payload has nothing to display */
  emptyHint: string;
}

// each type's title, subtitle and hint. a new block starts with them and an empty payload: nothing that
// looks like real content, so a block left as it came shows its hint instead of invented text and links.
export const BLOCK_TYPE_DEFINITIONS: Record<BlockType, BlockTypeDefinition> = {
  cta: {
    type: 'cta',
    label: 'Call to action',
    defaultTitle: "Let's collaborate",
    defaultSubtitle: 'Schedule a quick intro meeting',
    defaultPayload: { ctaLabel: '', ctaHref: '', body: '' },
    emptyHint: 'Add a CTA label and link.',
  },
  quote: {
    type: 'quote',
    label: 'Quote',
    defaultTitle: 'What partners say',
    defaultSubtitle: null,
    defaultPayload: { quote: '', author: '' },
    emptyHint: 'Add a quote to make this block shine.',
  },
  embed: {
    type: 'embed',
    label: 'Embed',
    defaultTitle: 'Product walkthrough',
    defaultSubtitle: 'Two-minute tour of the platform',
    defaultPayload: { embedUrl: '' },
    emptyHint: 'Paste an embeddable URL (YouTube, Loom, etc.).',
  },
  links: {
    type: 'links',
    label: 'Links',
    defaultTitle: 'Explore more',
    defaultSubtitle: null,
    defaultPayload: { links: [] },
    emptyHint: 'Add one or more links to display them here.',
  },
};

export const GENERIC_BLOCK_HINT = 'Configure this block to see content.';

/** an unknown or missing block type is treated as cta */
export function normalizeBlockType(value: unknown): BlockType {
  return typeof value === 'string' && (BLOCK_TYPES as readonly string[]).includes(value)
    ? (value as BlockType)
    : 'cta';
}

export function defaultPayloadJson(type: BlockType): string {
  return JSON.stringify(BLOCK_TYPE_DEFINITIONS[type].defaultPayload, null, 2);
}

/** invalid payload JSON is treated as empty */
export function parseBlockPayload(payloadJson: string | null | undefined): Record<string, unknown> {
  if (!payloadJson) return {};
  try {
    const parsed: unknown = JSON.parse(payloadJson);
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

/**
 * where the embed block's players are served from: the public card frames these https origins only,
 * and the content security policy lets the page frame these and nothing else.
 */
export const EMBED_FRAME_ORIGINS = {
  youtube: 'https://www.youtube-nocookie.com',
  vimeo: 'https://player.vimeo.com',
  loom: 'https://www.loom.com',
  spotify: 'https://open.spotify.com',
  soundcloud: 'https://w.soundcloud.com',
  figma: 'https://www.figma.com',
  codepen: 'https://codepen.io',
  googleMaps: 'https://www.google.com',
  googleMapsClassic: 'https://maps.google.com',
} as const;

/** whether a frame address is served from one of the embed origins above */
export function isEmbedFrameAllowed(src: string): boolean {
  const url = parseHttpUrl(src);
  return url !== null && (Object.values(EMBED_FRAME_ORIGINS) as string[]).includes(url.origin);
}

/** an address field of a payload: absent or blank is empty (fine); any other value must pass the rule */
function acceptableAddress(value: unknown, rule: (text: string) => boolean): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value !== 'string') return false;
  return nonBlankText(value) === null || rule(value);
}

const followable = (text: string) => safeHref(text) !== null;
const frameable = (text: string) => parseHttpUrl(text) !== null;

/**
 * whether every address in a block's payload is one the public card would use: a cta's link and the
 * links block's links are http(s), mailto or tel; an embed is http(s). invalid json is treated as empty,
 * so it passes.
 */
export function blockPayloadAddressesAreSafe(
  type: BlockType,
  payloadJson: string | null | undefined,
): boolean {
  const payload = parseBlockPayload(payloadJson);
  switch (type) {
    case 'cta':
      return acceptableAddress(payload.ctaHref, followable);
    case 'embed':
      return acceptableAddress(payload.embedUrl, frameable);
    case 'links': {
      if (!Array.isArray(payload.links)) return true;
      return payload.links.every((item: unknown) => {
        if (item === null || typeof item !== 'object') return true;
        const link = item as Record<string, unknown>;
        return acceptableAddress(link.href, followable) && acceptableAddress(link.url, followable);
      });
    }
    case 'quote':
      return true;
  }
}
