import type { SeriesRow } from '../ports';
import type { TeamDayEvents } from './team-day';
import { sumVectors, type TeamLayout } from './team-layout';
import type { TeamToday } from './team-today';

/** a finished day's figures: the team's columns, and the most distinct visitors the store estimated */
export interface DayEntry {
  readAt: number;
  vector: Float64Array;
  largest: number;
}

/** a finished day's events; null: too many to hold */
export interface HeldEntry {
  readAt: number;
  events: TeamDayEvents | null;
}

/** what is kept for one team (one set of cards) */
export class TeamState {
  readonly days = new Map<string, DayEntry>();
  readonly dayReads = new Map<string, Promise<void>>();
  readonly held = new Map<string, HeldEntry>();
  readonly heldReads = new Map<string, Promise<void>>();
  constructor(
    readonly layout: TeamLayout,
    readonly today: TeamToday,
  ) {}

  /** the last sums of whole days, each with the entries it added up */
  private readonly sums: Array<{ key: string; entries: Array<DayEntry | undefined>; sum: Period }> = [];

  /**
   * the whole days of a period added up. a range that moves with the clock has the same whole days
   * all day: their sum is kept while the days' entries are the ones it added up
   */
  wholeDays(days: string[]): Period {
    const key = days.length > 0 ? `${days[0]}/${days.length}` : '';
    const entries = days.map((day) => this.days.get(day));
    const kept = this.sums.find((sum) => sum.key === key);
    if (kept && kept.entries.every((entry, i) => entry === entries[i])) return kept.sum;
    const sum = periodOf(
      this.layout,
      days.map((day, i) => [day, entries[i]?.vector ?? new Float64Array(0)]),
      Math.max(0, ...entries.map((entry) => entry?.largest ?? 0)),
    );
    if (kept) this.sums.splice(this.sums.indexOf(kept), 1);
    this.sums.unshift({ key, entries, sum });
    if (this.sums.length > 4) this.sums.pop();
    return sum;
  }

  get events(): number {
    let n = this.today.size;
    for (const entry of this.held.values()) n += entry.events?.size ?? 0;
    return n;
  }

  get numbers(): number {
    let n = 0;
    for (const entry of this.days.values()) n += entry.vector.length;
    return n;
  }
}

/** a period's columns, its series and the most distinct visitors estimated */
export interface Period {
  vector: Float64Array;
  series: SeriesRow[];
  largest: number;
}

/** a period's days added up; each day's views and viewers make its point of the series */
export function periodOf(layout: TeamLayout, days: Array<[string, Float64Array]>, largest: number): Period {
  const vector = sumVectors(
    days.map(([, v]) => v),
    layout.width,
  );
  const views = layout.events('view');
  const viewers = layout.step('viewed');
  const byDay = new Map<string, SeriesRow>();
  for (const [day, v] of days) {
    const point = byDay.get(day) ?? {
      bucket: new Date(`${day}T00:00:00.000Z`),
      visits: 0,
      uniqueVisitors: 0,
    };
    point.visits += v[views] ?? 0;
    point.uniqueVisitors += v[viewers] ?? 0;
    byDay.set(day, point);
  }
  return { vector, series: [...byDay.values()], largest };
}
