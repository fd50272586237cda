import { ANALYTICS_MAX_RANGE_DAYS } from '@cardcraft/contracts';
import type { Granularity, TimeRange } from '../ports';

/**
 * which parts of a range are read from where: finished whole days (the day cache), the parts of days
 * a range starts or ends inside (counted from a day's events, held in the edge-day cache), today's
 * events since the held part, and what the store must count. only times and names here: no store,
 * no cache, no clock (`now` is given).
 */

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;
/**
 * today's events are held in steps of ten minutes, each once it ended two minutes ago (events reach
 * the store within seconds); the few since are read on every summary
 */
const HELD_STEP_MS = 10 * 60_000;
const SETTLE_MS = 2 * 60_000;
/** hourly buckets up to two days, daily beyond */
const HOURLY_UP_TO = 2 * DAY;

/** a bad range or cursor: the api answers 400 */
export class AnalyticsQueryError extends Error {
  constructor(
    readonly field: 'from' | 'to' | 'cursor',
    message: string,
  ) {
    super(message);
    this.name = 'AnalyticsQueryError';
  }
}

const ISO = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

function parseInstant(value: string, field: 'from' | 'to'): Date {
  const date = ISO.test(value) ? new Date(value) : new Date(NaN);
  if (Number.isNaN(date.getTime()))
    throw new AnalyticsQueryError(field, `${field} must be an ISO 8601 date-time`);
  return date;
}

/** from before to, both iso 8601, at most ANALYTICS_MAX_RANGE_DAYS apart */
export function parseRange(from: string, to: string): TimeRange {
  const range = { from: parseInstant(from, 'from'), to: parseInstant(to, 'to') };
  if (range.from.getTime() >= range.to.getTime())
    throw new AnalyticsQueryError('from', 'from must be before to');
  if (range.to.getTime() - range.from.getTime() > ANALYTICS_MAX_RANGE_DAYS * DAY) {
    throw new AnalyticsQueryError('to', `from and to must be at most ${ANALYTICS_MAX_RANGE_DAYS} days apart`);
  }
  return range;
}

export function granularityOf(range: TimeRange): Granularity {
  return range.to.getTime() - range.from.getTime() <= HOURLY_UP_TO ? 'hour' : 'day';
}

/** the period of the same length that ends just before the range starts */
export function previousRange(range: TimeRange): TimeRange {
  const to = new Date(range.from.getTime() - 1);
  return { from: new Date(to.getTime() - (range.to.getTime() - range.from.getTime())), to };
}

/** the names of UTC days, made once: a summary names every day of both its periods */
const dayNames = new Map<number, string>();

/** the UTC day (YYYY-MM-DD) a moment falls in */
export function utcDay(ms: number): string {
  const day = Math.floor(ms / DAY);
  let name = dayNames.get(day);
  if (name === undefined) {
    name = new Date(day * DAY).toISOString().slice(0, 10);
    if (dayNames.size >= 10_000) dayNames.clear();
    dayNames.set(day, name);
  }
  return name;
}

export const dayStart = (ms: number): number => Math.floor(ms / DAY) * DAY;

/** a day's first and last millisecond */
export function wholeDay(start: number): TimeRange {
  return { from: new Date(start), to: new Date(start + DAY - 1) };
}

export interface DailyPlan {
  /** finished UTC days wholly inside the range, which can be cached */
  wholeDays: string[];
  /** the rest (the partial first day, today, days to come), read fresh */
  partials: TimeRange[];
}

/**
 * a daily range in parts: the finished UTC days wholly inside it (which can be cached) and the rest
 * (the partial first day, today), read fresh
 */
export function planDays(range: TimeRange, now: number): DailyPlan {
  const from = range.from.getTime();
  const end = range.to.getTime() + 1;
  const today = dayStart(now);
  const firstWhole = Math.ceil(from / DAY) * DAY;
  const wholeEnd = Math.min(dayStart(end), today);
  if (firstWhole >= wholeEnd) return { wholeDays: [], partials: [range] };
  const wholeDays: string[] = [];
  for (let t = firstWhole; t < wholeEnd; t += DAY) wholeDays.push(utcDay(t));
  const partials: TimeRange[] = [];
  if (from < firstWhole) partials.push({ from: range.from, to: new Date(firstWhole - 1) });
  if (wholeEnd < end) partials.push({ from: new Date(wholeEnd), to: range.to });
  return { wholeDays, partials };
}

/** today as the edge-day cache holds it: up to `cutoff`, a key that changes with each held step */
export interface TodayWindow {
  start: number;
  /** today's events before this are held; those since are read (or added from the writes) */
  cutoff: number;
  /** the held part's key in the edge-day cache: the day and the cutoff's time */
  key: string;
}

export function todayWindow(now: number): TodayWindow {
  const start = dayStart(now);
  const cutoff = Math.max(start, Math.floor((now - SETTLE_MS) / HELD_STEP_MS) * HELD_STEP_MS);
  return { start, cutoff, key: `${utcDay(start)}@${new Date(cutoff).toISOString().slice(11, 16)}` };
}

/** a part counted from a held day's events */
export interface HeldPart {
  /** the held day's key in the edge-day cache */
  key: string;
  from: number;
  to: number;
  /** today's part that reaches past the cutoff: the events since are added */
  withTail: boolean;
}

/** a day whose events the parts need held */
export interface HeldDay {
  key: string;
  /**
   * the day as a whole (a finished day) or today up to its cutoff, for a day held whole or as its
   * outline; null: nothing to read (today, before its first step)
   */
  load: TimeRange | null;
  /**
   * what of it is read when the edge-day cache does not hold enough: a finished day from the hour
   * before the one its earliest part starts in, to its end; today as `load`
   */
  read: TimeRange | null;
  /** where its earliest part starts: events held from later do not count it */
  earliest: number;
}

export interface EdgeDaysPlan {
  today: TodayWindow;
  /** per part: the held day that counts it, or null where the store must count it */
  parts: Array<HeldPart | null>;
  /** each day to hold once, in the order the parts first need it */
  days: HeldDay[];
  /** whether today's events since the cutoff are needed */
  needsTail: boolean;
  /** today's events since the cutoff, to the day's end whatever a range asks, so they can be used again */
  tail: TimeRange;
}

/**
 * which parts of ranges are counted from one day's raw events: a part within one day, not before
 * the retention may have taken raw events (`rawKeptSince`), not after today. a finished day is held
 * from the hour before its earliest part's to its end; today up to its cutoff, and the events since
 * are read apart.
 */
export function planEdgeDays(parts: TimeRange[], now: number, rawKeptSince: number): EdgeDaysPlan {
  const today = todayWindow(now);
  const keyOf = (start: number) => (start === today.start ? today.key : utcDay(start));
  // per finished day, the hour before the one its earliest part starts in: a rolling range's start
  // moves on with the clock, but the period before a range that starts at a midnight starts earlier
  // as the range grows, so that day is read again about once an hour
  const earliest = new Map<number, number>();
  for (const part of parts) {
    const from = part.from.getTime();
    earliest.set(dayStart(from), Math.min(earliest.get(dayStart(from)) ?? from, from));
  }
  const readFrom = (start: number) =>
    Math.max(start, Math.floor((earliest.get(start) ?? start) / HOUR) * HOUR - HOUR);
  const days: HeldDay[] = [];
  let needsTail = false;
  const planned = parts.map((part): HeldPart | null => {
    const [from, to] = [part.from.getTime(), part.to.getTime()];
    const start = dayStart(from);
    if (start !== dayStart(to) || start < rawKeptSince || start > today.start) return null;
    const key = keyOf(start);
    const withTail = start === today.start && to >= today.cutoff;
    // the tail is asked for by the first part of the day only: a later part of it is counted by the store
    if (!days.some((day) => day.key === key)) {
      const first = earliest.get(start) ?? start;
      if (start < today.start) {
        const load = wholeDay(start);
        days.push({ key, load, read: { from: new Date(readFrom(start)), to: load.to }, earliest: first });
      } else if (today.cutoff > today.start) {
        const load = { from: new Date(today.start), to: new Date(today.cutoff - 1) };
        days.push({ key, load, read: load, earliest: first });
      } else days.push({ key, load: null, read: null, earliest: first });
      if (withTail) needsTail = true;
    }
    return { key, from, to, withTail };
  });
  return {
    today,
    parts: planned,
    days,
    needsTail,
    tail: { from: new Date(today.cutoff), to: new Date(today.start + DAY - 1) },
  };
}

/** the whole days of ranges, each once, in the order first named */
export function wholeDaysOf(plans: DailyPlan[]): string[] {
  return [...new Set(plans.flatMap((plan) => plan.wholeDays))];
}

export interface StoreSegments {
  /** disjoint ranges the store counts per day, in one query */
  ranges: TimeRange[];
  /** per plan, per partial: its segment, or null for a part counted from held events */
  partials: Array<Array<number | null>>;
  /** the segment that spans the whole days not cached, or null when all are */
  wholeDays: number | null;
}

/**
 * what the store counts per day: the parts not counted from held events, then one span from the
 * first to the last whole day not cached (the days between, cached or not, come along: one query)
 */
export function planStoreSegments(
  plans: DailyPlan[],
  counted: boolean[][],
  missingDays: string[],
): StoreSegments {
  const ranges: TimeRange[] = [];
  const partials = plans.map((plan, p) =>
    plan.partials.map((part, i) => {
      if (counted[p]?.[i]) return null;
      ranges.push(part);
      return ranges.length - 1;
    }),
  );
  if (missingDays.length === 0) return { ranges, partials, wholeDays: null };
  const first = missingDays.reduce((a, b) => (a < b ? a : b));
  const last = missingDays.reduce((a, b) => (a > b ? a : b));
  ranges.push({
    from: new Date(`${first}T00:00:00.000Z`),
    to: new Date(Date.parse(`${last}T00:00:00.000Z`) + DAY - 1),
  });
  return { ranges, partials, wholeDays: ranges.length - 1 };
}
