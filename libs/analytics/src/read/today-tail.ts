import type { RecentWrites } from '../ports';
import { DayEvents } from './edge-days';
import { DAY, type TodayWindow } from './range-planner';

/**
 * today's events kept in all, over every card: a card holds up to a day's cap of its own, so a
 * bound per card alone would let a thousand busy cards hold millions; the least recently read go
 * first. a kept event takes about 46 bytes (its columns, its visitor as a hash; measured)
 */
export const TODAY_TAIL_MAX_EVENTS = 500_000;

/**
 * a tail read within this long is not let go for another: when the cards read in turn hold more
 * than the bound, letting the least recently read go would have each read let go of the tail the
 * next one needs, and none would be kept; this way those kept stay kept and the others are read
 */
export const TODAY_TAIL_READ_LATELY_MS = 60_000;

/**
 * a card's events of today since the held part, as read at a write version: their columns only (the
 * rows themselves would take four times the memory, and a kept tail lives for the day)
 */
interface LatestEvents {
  version: number;
  cutoff: number;
  events: DayEvents;
  /** when it was last kept or used */
  readAt: number;
}

/** one summary's use of the kept tail: the write version taken before anything is read */
export interface TailRead {
  /** the tail kept at this version, or made from the kept one and the rows written since; null: read it */
  kept(): DayEvents | null;
  /** the tail as read from the store, kept when no write ended or ran meanwhile */
  read(events: DayEvents): void;
}

/** no write of the card ended or runs since the version was taken */
export function unchangedSince(recent: RecentWrites, profileId: string, version: number): boolean {
  return recent.writeVersion(profileId) === version && !recent.writing(profileId);
}

/**
 * per card, today's events since the held part (the cutoff) to the day's end, as read at a write
 * version of the store: used again while the store has written nothing new for the card, and while
 * it writes, the rows it wrote are added, so a card being visited is not read again per write. a
 * RecentWrites that knows nothing (null versions) keeps nothing.
 */
export class TodayTailCache {
  /** in recency order: the least recently read card first */
  private readonly latest = new Map<string, LatestEvents>();
  private heldEvents = 0;

  constructor(
    private readonly recent: RecentWrites,
    private readonly maxEvents = TODAY_TAIL_MAX_EVENTS,
    private readonly clock: () => number = Date.now,
  ) {}

  /** events kept now, over every card */
  get size(): number {
    return this.heldEvents;
  }

  begin(profileId: string, today: TodayWindow, maxEvents: number): TailRead {
    const version = this.recent.writeVersion(profileId);
    const writing = this.recent.writing(profileId);
    return {
      kept: () => this.kept(profileId, version, today, maxEvents),
      read: (events) => {
        // kept only when no write ended or ran meanwhile: the read may hold some of a write's rows,
        // which the write's own log would then add a second time
        if (version !== null && !writing && unchangedSince(this.recent, profileId, version))
          this.keep(profileId, { version, cutoff: today.cutoff, events, readAt: this.clock() });
      },
    };
  }

  forget(profileId: string): void {
    const kept = this.latest.get(profileId);
    if (!kept) return;
    this.latest.delete(profileId);
    this.heldEvents -= kept.events.size;
  }

  private keep(profileId: string, latest: LatestEvents): void {
    this.forget(profileId);
    this.latest.set(profileId, latest);
    this.heldEvents += latest.events.size;
    const lately = latest.readAt - TODAY_TAIL_READ_LATELY_MS;
    for (const [oldest, kept] of this.latest) {
      if (this.heldEvents <= this.maxEvents) break;
      // the least recently read was read lately, so every other was too: this one is not kept
      if (oldest === profileId || kept.readAt > lately) {
        this.forget(profileId);
        break;
      }
      this.forget(oldest);
    }
  }

  private kept(
    profileId: string,
    version: number | null,
    today: TodayWindow,
    maxEvents: number,
  ): DayEvents | null {
    const kept = version === null ? undefined : this.latest.get(profileId);
    if (!kept || version === null || kept.cutoff !== today.cutoff) return null;
    if (kept.version === version) {
      // read again: the most recently used now
      this.latest.delete(profileId);
      kept.readAt = this.clock();
      this.latest.set(profileId, kept);
      return kept.events;
    }
    // the rows the store wrote since, added
    const added = this.recent.writtenSince(profileId, kept.version);
    if (!added) return null;
    const dayEnd = today.start + DAY;
    const later = added.filter((row) => row.ts >= today.cutoff && row.ts < dayEnd);
    if (kept.events.size + later.length > maxEvents) return null;
    const events = kept.events.with(later);
    this.keep(profileId, { version, cutoff: today.cutoff, events, readAt: this.clock() });
    return events;
  }
}
