import type { DayFigures } from '../ports';

export interface DayCacheOptions {
  /** how long a finished day's figures are reused: events that reach it late show within this time */
  ttlMs: number;
  /** at most this many card days in memory; the least recently used go first */
  maxEntries: number;
}

export const DEFAULT_DAY_CACHE: DayCacheOptions = { ttlMs: 10 * 60_000, maxEntries: 50_000 };

/**
 * the figures of finished UTC days, per card: a day before today changes only when events reach it
 * late (a retried or replayed batch) or the card is erased (and then nobody can read it), so a summary
 * need not merge them again on every read.
 */
export class DayFiguresCache {
  private readonly entries = new Map<string, { expires: number; figures: DayFigures }>();

  constructor(
    private readonly options: DayCacheOptions = DEFAULT_DAY_CACHE,
    private readonly clock: () => number = Date.now,
  ) {}

  get(profileId: string, day: string): DayFigures | undefined {
    const key = `${profileId}\u0000${day}`;
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (entry.expires <= this.clock()) return undefined;
    // re-inserted: the map's order is the recency order
    this.entries.set(key, entry);
    return entry.figures;
  }

  set(profileId: string, day: string, figures: DayFigures): void {
    const key = `${profileId}\u0000${day}`;
    this.entries.delete(key);
    this.entries.set(key, { expires: this.clock() + this.options.ttlMs, figures });
    while (this.entries.size > this.options.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }

  /** a card's days go with the card */
  forget(profileId: string): void {
    const prefix = `${profileId}\u0000`;
    for (const key of [...this.entries.keys()]) if (key.startsWith(prefix)) this.entries.delete(key);
  }
}
