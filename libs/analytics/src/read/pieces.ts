import type { PieceFigures, TimeRange } from '../ports';
import { DAY, dayStart } from './range-planner';
import { localDayStart, nextLocalDay } from './zone';

/**
 * a range cut at UTC midnights and at the zone's midnights: each piece lies inside one UTC day (a
 * visitor id's day, so the distinct visitors of pieces add up) and one local day (a daily bucket of
 * the zone). only times here: no store, no cache.
 */
export interface Piece {
  from: number;
  /** included */
  to: number;
  /** the start of the local day holding the piece: its daily bucket */
  localDay: number;
  /** where the piece would end were the range longer (the next midnight, UTC or local), excluded */
  naturalEnd: number;
}

export function planPieces(range: TimeRange, timeZone: string): Piece[] {
  const end = range.to.getTime() + 1;
  const pieces: Piece[] = [];
  let from = range.from.getTime();
  while (from < end) {
    const naturalEnd = Math.min(dayStart(from) + DAY, nextLocalDay(timeZone, from));
    const next = Math.min(end, naturalEnd);
    pieces.push({ from, to: next - 1, localDay: localDayStart(timeZone, from), naturalEnd });
    from = next;
  }
  return pieces;
}

/**
 * events reach the store within seconds: a piece that ended this long ago is finished, and kept
 * like a finished day (a late retried batch shows within the time it is kept)
 */
export const PIECE_SETTLE_MS = 2 * 60_000;

/**
 * a piece that reaches now holds what it would to its natural end (nothing is stored ahead of now):
 * read and kept to that end, so a range that ends now, a moment later each time, finds it again
 */
export function readBounds(piece: Piece, now: number): { from: number; to: number } {
  return {
    from: piece.from,
    to: reachesNow(piece.to, now) ? Math.max(piece.naturalEnd - 1, piece.to) : piece.to,
  };
}

/**
 * whether what ends at `end` reaches now: a range sent as ending "now" arrives a moment before it is
 * read, so an end within the settle time counts, and is read (and kept) to its natural end, where the
 * next read, a moment later, finds it again
 */
export function reachesNow(end: number, now: number): boolean {
  return end >= now - PIECE_SETTLE_MS;
}

export interface PieceCacheOptions {
  /** how long a finished piece is used again */
  ttlMs: number;
  /** at most this many pieces (of every card, filter and zone) in memory; least recently used go first */
  maxEntries: number;
}

/**
 * 20 000 pieces: 8 owners each reading 30 days and the 30 before (at most 122 pieces in a zone off
 * UTC's midnight) under 20 filter sets each. a piece holds its figures and breakdowns: about 1 to 5 KB
 * with a hundred values a dimension, so the bound is at most about 100 MB and mostly far less
 */
export const DEFAULT_PIECE_CACHE: PieceCacheOptions = { ttlMs: 10 * 60_000, maxEntries: 20_000 };

/**
 * the figures of pieces read before, per card: finished ones for ttlMs, today's at the card's write
 * version (where the store knows it). the map's order is the recency order.
 */
export class PieceCache {
  private readonly entries = new Map<
    string,
    { expires: number; version: number | null; figures: PieceFigures }
  >();

  constructor(
    readonly options: PieceCacheOptions = DEFAULT_PIECE_CACHE,
    private readonly clock: () => number = Date.now,
  ) {}

  /** a finished piece's figures, or an unfinished one's read at this version (null: never kept) */
  get(profileId: string, key: string, version: number | null): PieceFigures | undefined {
    const id = `${profileId}\u0000${key}`;
    const entry = this.entries.get(id);
    if (!entry) return undefined;
    this.entries.delete(id);
    if (entry.expires <= this.clock()) return undefined;
    this.entries.set(id, entry);
    // kept at another version: left for kept(), which may find it still true
    return entry.version === version ? entry.figures : undefined;
  }

  /** an unfinished piece kept at another version, with that version (its figures may still hold) */
  kept(profileId: string, key: string): { version: number; figures: PieceFigures } | undefined {
    const entry = this.entries.get(`${profileId}\u0000${key}`);
    if (!entry || entry.version === null || entry.expires <= this.clock()) return undefined;
    return { version: entry.version, figures: entry.figures };
  }

  set(profileId: string, key: string, version: number | null, figures: PieceFigures): void {
    const id = `${profileId}\u0000${key}`;
    this.entries.delete(id);
    this.entries.set(id, { expires: this.clock() + this.options.ttlMs, version, figures });
    while (this.entries.size > this.options.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }

  get size(): number {
    return this.entries.size;
  }

  /** a card's pieces go with the card */
  forget(profileId: string): void {
    const prefix = `${profileId}\u0000`;
    for (const key of [...this.entries.keys()]) if (key.startsWith(prefix)) this.entries.delete(key);
  }
}
