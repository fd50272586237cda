import type { BlockClicks, LinkClicks } from '@cardcraft/contracts';
import { LruCache } from '../lru-cache';
import { clickRate, normalUrl, ownersByUrl, type LinkOwner } from './response-assembler';

/** cards whose parts are remembered by address (the most recently read) */
const CARDS_REMEMBERED = 20_000;

/** whether two lists of a card's parts are alike, part by part (a thousand cards are asked each read) */
function sameOwners(a: readonly LinkOwner[], b: readonly LinkOwner[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i] as LinkOwner;
    const y = b[i] as LinkOwner;
    if (x.id !== y.id || x.kind !== y.kind || x.label !== y.label || x.urls.length !== y.urls.length)
      return false;
    for (let u = 0; u < x.urls.length; u++) if (x.urls[u] !== y.urls[u]) return false;
  }
  return true;
}

/**
 * a team's link clicks by the parts of its cards that hold the addresses: each card's clicks go to
 * its own parts, as a card's summary counts them (clicksByOwner), and alike parts of all the cards
 * (the same kind and label) are one line, as mergeBlocks makes them. a card's parts by address are
 * kept while the card's parts are alike, so a summary of a thousand cards does not index them all again
 */
export class TeamBlocks {
  private readonly cards = new LruCache<string, CardParts>(CARDS_REMEMBERED);

  clicks(
    cards: ReadonlyArray<{ profileId: string; owners: LinkOwner[]; links: LinkClicks[] }>,
    views: number,
  ): BlockClicks[] {
    const merged = new Map<string, BlockClicks>();
    for (const { profileId, owners, links } of cards) {
      if (links.length === 0 || owners.length === 0) continue;
      let parts = this.cards.get(profileId);
      if (!parts || !sameOwners(parts.owners, owners)) {
        parts = { owners, ownerOf: ownersByUrl(owners), byTarget: new Map() };
        this.cards.set(profileId, parts);
      }
      for (const link of links) {
        let part = parts.byTarget.get(link.target);
        if (part === undefined) {
          const owner = parts.ownerOf.get(normalUrl(link.target));
          part = owner ? { id: `${owner.kind}:${owner.label}`, kind: owner.kind, label: owner.label } : null;
          parts.byTarget.set(link.target, part);
        }
        if (!part) continue;
        const sum = merged.get(part.id) ?? { ...part, clicks: 0, uniqueClicks: 0, clickRate: null };
        sum.clicks += link.clicks;
        sum.uniqueClicks += link.uniqueClicks;
        merged.set(part.id, sum);
      }
    }
    for (const sum of merged.values()) sum.clickRate = clickRate(sum.clicks, views);
    return [...merged.values()].sort((a, b) => b.clicks - a.clicks || a.label.localeCompare(b.label));
  }
}

/** a card's parts by address, and the line each target it was clicked at goes to (null: none) */
interface CardParts {
  owners: readonly LinkOwner[];
  ownerOf: Map<string, LinkOwner>;
  byTarget: Map<string, Pick<BlockClicks, 'id' | 'kind' | 'label'> | null>;
}
