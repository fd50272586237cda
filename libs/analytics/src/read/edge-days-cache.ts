import type { BusyDay } from './busy-days';
import type { DayEvents } from './edge-days';

export interface EdgeDaysOptions {
  /** how long a finished day's events are reused: events that reach it late show within this time */
  ttlMs: number;
  /**
   * a day with more events than this is held as its outline instead (busy-days.ts), with the events
   * of the hours its parts start or end inside; an hour with more is counted by the store
   */
  maxEventsPerDay: number;
  /** at most this many events held in all; the least recently used days go first */
  maxEvents: number;
}

/**
 * about 46 bytes an event in memory, each event a visitor of its own (measured): 14 MB at most with these.
 * a day past 20 000 events is outlined: its outline is a small part of its events, so the bound holds
 * the edges of many busy cards where a few days held whole would take all of it
 */
export const DEFAULT_EDGE_DAYS: EdgeDaysOptions = {
  ttlMs: 10 * 60_000,
  maxEventsPerDay: 20_000,
  maxEvents: 300_000,
};

/** a day (or an hour of a busy day) with more events than the cache holds: the store counts it */
export const TOO_MANY_EVENTS = 'too-many-events';

/** a day as held: its events, a busy day's outline, or the store counts it */
export type Held = DayEvents | BusyDay | typeof TOO_MANY_EVENTS;

/**
 * the raw events of finished days that ranges start or end inside, per card, least recently used
 * first out. a finished day changes only when events reach it late (a retried or replayed batch) or
 * the card is erased, so its events are reused for ttlMs.
 */
export class EdgeDaysCache {
  private readonly entries = new Map<string, { expires: number; held: Held }>();
  private heldEvents = 0;

  constructor(
    readonly options: EdgeDaysOptions = DEFAULT_EDGE_DAYS,
    private readonly clock: () => number = Date.now,
  ) {}

  get(profileId: string, day: string): Held | undefined {
    const key = `${profileId}\u0000${day}`;
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.remove(key);
    if (entry.expires <= this.clock()) return undefined;
    // re-inserted: the map's order is the recency order
    this.insert(key, entry);
    return entry.held;
  }

  set(profileId: string, day: string, held: Held): void {
    const key = `${profileId}\u0000${day}`;
    this.remove(key);
    this.insert(key, { expires: this.clock() + this.options.ttlMs, held });
    for (const oldest of this.entries.keys()) {
      if (this.heldEvents <= this.options.maxEvents) break;
      this.remove(oldest);
    }
  }

  /** a card's days go with the card */
  forget(profileId: string): void {
    const prefix = `${profileId}\u0000`;
    for (const key of [...this.entries.keys()]) if (key.startsWith(prefix)) this.remove(key);
  }

  /** events held now, for tests and stats */
  get events(): number {
    return this.heldEvents;
  }

  private insert(key: string, entry: { expires: number; held: Held }): void {
    this.entries.set(key, entry);
    if (entry.held !== TOO_MANY_EVENTS) this.heldEvents += entry.held.size;
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    if (entry.held !== TOO_MANY_EVENTS) this.heldEvents -= entry.held.size;
  }
}
