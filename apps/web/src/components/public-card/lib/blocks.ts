import {
  BLOCK_TYPE_DEFINITIONS,
  GENERIC_BLOCK_HINT,
  normalizeBlockType,
  type BlockType,
} from '@cardcraft/contracts/blocks';
import type { BlockResponse } from '@cardcraft/contracts/responses';
import { nonBlankText as text, parseHttpUrl, safeHref } from '@cardcraft/contracts/urls';
import { resolveEmbed, type EmbedTarget } from './embed';

export { safeHref };

export interface LinkItem {
  label: string;
  href: string;
}

interface BlockBase {
  id: string;
  title: string;
  subtitle: string | null;
  /** set when the block has nothing to show: the texts the card shows instead */
  hints: string[];
}

export type BlockView =
  | (BlockBase & { type: 'cta'; body: string | null; action: LinkItem | null })
  | (BlockBase & { type: 'quote'; quote: string | null; author: string | null })
  | (BlockBase & { type: 'embed'; embed: EmbedTarget })
  | (BlockBase & { type: 'links'; links: LinkItem[] });

type BlockInput = Pick<BlockResponse, 'id' | 'title' | 'subtitle' | 'payloadJson' | 'visible' | 'order'> & {
  type: BlockType | string;
};

/** the visible blocks by their order; blocks of equal order keep their given order */
export function visibleBlocks<T extends Pick<BlockResponse, 'visible' | 'order'>>(blocks: readonly T[]): T[] {
  return blocks
    .map((block, index) => ({ block, index }))
    .filter(({ block }) => block.visible)
    .sort((a, b) => a.block.order - b.block.order || a.index - b.index)
    .map(({ block }) => block);
}

/** the per-type hint the card shows when a block has nothing to display */
export function blockHint(type: BlockType | string): string {
  return BLOCK_TYPE_DEFINITIONS[normalizeBlockType(type)].emptyHint;
}

/** the payload, or null when the json is missing or invalid: that block is treated as empty */
function readPayload(payloadJson: string | null | undefined): Record<string, unknown> | null {
  if (!payloadJson?.trim()) return null;
  try {
    const parsed: unknown = JSON.parse(payloadJson);
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

function linkLabel(href: string): string {
  const url = parseHttpUrl(href);
  return url ? url.hostname.replace(/^www\./, '') + url.pathname.replace(/\/$/, '') : href;
}

function readLinks(value: unknown): LinkItem[] {
  if (!Array.isArray(value)) return [];
  const links: LinkItem[] = [];
  for (const item of value) {
    if (item === null || typeof item !== 'object') continue;
    const record = item as Record<string, unknown>;
    const href = safeHref(record.href ?? record.url);
    if (!href) continue;
    links.push({ label: text(record.label) ?? linkLabel(href), href });
  }
  return links;
}

/** turns a stored block into what the card displays, with the hints for what is missing */
export function toBlockView(block: BlockInput): BlockView {
  const type = normalizeBlockType(block.type);
  const payload = readPayload(block.payloadJson);
  const base = { id: block.id, title: block.title, subtitle: text(block.subtitle) };
  // invalid json counts as empty: the generic line, then what this type needs
  const emptyHints = payload === null ? [GENERIC_BLOCK_HINT, blockHint(type)] : [blockHint(type)];
  const data = payload ?? {};

  switch (type) {
    case 'quote': {
      const quote = text(data.quote);
      return { ...base, type, quote, author: text(data.author), hints: quote ? [] : emptyHints };
    }
    case 'embed': {
      const embed = resolveEmbed(text(data.embedUrl));
      return { ...base, type, embed, hints: embed.kind === 'invalid' ? emptyHints : [] };
    }
    case 'links': {
      const links = readLinks(data.links);
      return { ...base, type, links, hints: links.length ? [] : emptyHints };
    }
    case 'cta': {
      const label = text(data.ctaLabel);
      const href = safeHref(data.ctaHref);
      const action = label && href ? { label, href } : null;
      return { ...base, type, body: text(data.body), action, hints: action ? [] : emptyHints };
    }
  }
}
