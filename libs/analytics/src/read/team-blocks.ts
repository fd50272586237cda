import type { BlockClicks, LinkClicks } from '@cardcraft/contracts';
import { LruCache } from '../lru-cache';
import { normalUrl, ownersByUrl, type LinkOwner } from './response-assembler';

/** cards whose parts are remembered by address (the most recently read) */
const CARDS_REMEMBERED = 20_000;

/** what a card's parts are told by: the same parts give the same text */
function signatureOf(owners: LinkOwner[]): string {
  return owners
    .map((o) => `${o.id}\u0000${o.kind}\u0000${o.label}\u0000${o.urls.join('\u0000')}`)
    .join('\u0001');
}

/**
 * a team's link clicks by the parts of its cards that hold the addresses: each card's clicks go to
 * its own parts, as a card's summary counts them (clicksByOwner), and alike parts of all the cards
 * (the same kind and label) are one line, as mergeBlocks makes them. a card's parts by address are
 * kept while they read the same, so a summary of a thousand cards does not index them all again
 */
export class TeamBlocks {
  private readonly cards = new LruCache<string, CardParts>(CARDS_REMEMBERED);

  clicks(
    cards: ReadonlyArray<{ profileId: string; owners: LinkOwner[]; links: LinkClicks[] }>,
  ): BlockClicks[] {
    const merged = new Map<string, BlockClicks>();
    for (const { profileId, owners, links } of cards) {
      if (links.length === 0 || owners.length === 0) continue;
      const signature = signatureOf(owners);
      let parts = this.cards.get(profileId);
      if (!parts || parts.signature !== signature) {
        parts = { signature, ownerOf: ownersByUrl(owners), byTarget: new Map() };
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
        const sum = merged.get(part.id) ?? { ...part, clicks: 0 };
        sum.clicks += link.clicks;
        merged.set(part.id, sum);
      }
    }
    return [...merged.values()].sort((a, b) => b.clicks - a.clicks || a.label.localeCompare(b.label));
  }
}

/** a card's parts by address, and the line each target it was clicked at goes to (null: none) */
interface CardParts {
  signature: string;
  ownerOf: Map<string, LinkOwner>;
  byTarget: Map<string, Omit<BlockClicks, 'clicks'> | null>;
}
