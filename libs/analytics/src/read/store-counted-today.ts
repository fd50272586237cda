import { LruCache } from '../lru-cache';
import type { DayFigures, RecentWrites, TimeRange } from '../ports';
import { dayStart } from './range-planner';
import { unchangedSince } from './today-tail';

/** cards whose store-counted today is kept (the most recently read) */
const COUNTED_CARDS = 1000;

interface CountedToday {
  version: number;
  /** where the counted part starts (ms) */
  from: number;
  figures: DayFigures;
}

/** one summary's use of the kept counts: the write version taken before anything is read */
export interface TodayCount {
  /** the figures kept for a part of today from `from` to now or later; null: the store counts it */
  kept(from: number): DayFigures | null;
  /** the figures the store counted for such a part, kept when no write ended or ran meanwhile */
  counted(from: number, figures: DayFigures): void;
}

/** a part of today that reaches the moment of the read (or past it): all the store holds from its start */
export function isTodayToNow(part: TimeRange, now: number): boolean {
  return part.from.getTime() >= dayStart(now) && part.to.getTime() >= now;
}

/**
 * per card, the figures the store counted for the part of today that reaches now, where today's
 * events could not count it (an hour with more events than the edge-day cache holds, a card being
 * shared widely). no event the store holds is later than the moment it was counted, so any part
 * from the same start to now counts the same while the store has written nothing new for the card:
 * a busy card's dashboard costs one count a write, not one a read. a RecentWrites that knows nothing
 * (null versions, the cluster) keeps nothing.
 */
export class StoreCountedToday {
  private readonly counts = new LruCache<string, CountedToday>(COUNTED_CARDS);

  constructor(private readonly recent: RecentWrites) {}

  begin(profileId: string): TodayCount {
    const version = this.recent.writeVersion(profileId);
    const writing = this.recent.writing(profileId);
    return {
      kept: (from) => {
        const kept = this.counts.get(profileId);
        if (version === null || writing || !kept || kept.version !== version || kept.from !== from)
          return null;
        return kept.figures;
      },
      counted: (from, figures) => {
        // the count may hold part of a write that ran or ended meanwhile: not kept
        if (version !== null && !writing && unchangedSince(this.recent, profileId, version))
          this.counts.set(profileId, { version, from, figures });
      },
    };
  }

  forget(profileId: string): void {
    this.counts.delete(profileId);
  }
}
