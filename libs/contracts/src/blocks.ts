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

// the specification's table (§3); the default payloads are the suggested settings of the editor.
export const BLOCK_TYPE_DEFINITIONS: Record<BlockType, BlockTypeDefinition> = {
  cta: {
    type: 'cta',
    label: 'Call to action',
    defaultTitle: "Let's collaborate",
    defaultSubtitle: 'Schedule a quick intro meeting',
    defaultPayload: {
      ctaLabel: 'Book a call',
      ctaHref: 'https://cal.com/',
      body: 'Pick a time that works for you and we will talk through your project.',
    },
    emptyHint: 'Add a CTA label and link.',
  },
  quote: {
    type: 'quote',
    label: 'Quote',
    defaultTitle: 'What partners say',
    defaultSubtitle: null,
    defaultPayload: {
      quote: 'Working together was a pleasure from start to finish.',
      author: 'A happy client',
    },
    emptyHint: 'Add a quote to make this block shine.',
  },
  embed: {
    type: 'embed',
    label: 'Embed',
    defaultTitle: 'Product walkthrough',
    defaultSubtitle: 'Two-minute tour of the platform',
    defaultPayload: { embedUrl: 'https://www.youtube.com/embed/dQw4w9WgXcQ' },
    emptyHint: 'Paste an embeddable URL (YouTube, Loom, etc.).',
  },
  links: {
    type: 'links',
    label: 'Links',
    defaultTitle: 'Explore more',
    defaultSubtitle: null,
    defaultPayload: {
      links: [
        { label: 'Portfolio', href: 'https://example.com/portfolio' },
        { label: 'Latest article', href: 'https://example.com/blog' },
      ],
    },
    emptyHint: 'Add one or more links to display them here.',
  },
};

export const GENERIC_BLOCK_HINT = 'Configure this block to see content.';

/** an unknown or missing block type is treated as cta (spec §3) */
export function normalizeBlockType(value: unknown): BlockType {
  return typeof value === 'string' && (BLOCK_TYPES as readonly string[]).includes(value)
    ? (value as BlockType)
    : 'cta';
}

export function defaultPayloadJson(type: BlockType): string {
  return JSON.stringify(BLOCK_TYPE_DEFINITIONS[type].defaultPayload, null, 2);
}

/** invalid payload JSON is treated as empty (spec §2, block display) */
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
