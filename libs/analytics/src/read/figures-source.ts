import { EventLoopSlices } from '../event-loop';
import { LruCache } from '../lru-cache';
import type {
  BreakdownRow,
  DayFigures,
  FiguresReader,
  Granularity,
  LiveFigures,
  RangeFigures,
  RecentWrites,
  SeriesRow,
  TimeRange,
  VisitCursor,
  VisitRow,
} from '../ports';
import { DayFiguresCache } from './day-cache';
import { emptyDay, WholeDaySums, type PeriodFigures } from './day-totals';
import { BusyDay, hourHolding, rawHoursOf } from './busy-days';
import { DayEvents } from './edge-days';
import { EdgeDaysCache, TOO_MANY_EVENTS, type Held } from './edge-days-cache';
import {
  planDays,
  planEdgeDays,
  planStoreSegments,
  utcDay,
  type EdgeDaysPlan,
  DAY,
  HOUR,
  wholeDaysOf,
} from './range-planner';
import { NewestViewsCache } from './newest-views';
import { isTodayToNow, StoreCountedToday } from './store-counted-today';
import type { TeamCacheOptions } from './team-figures';
import type { PieceCacheOptions } from './pieces';
import { TodayTailCache } from './today-tail';

export interface ReadCaches {
  /** null: every read asks the store for the whole range (nothing of finished days kept) */
  days: DayFiguresCache | null;
  /** undefined: a default one when days are cached; null: parts of days are counted by the store */
  edges?: EdgeDaysCache | null;
  /** what a team's summary keeps of its cards (team-figures.ts); undefined: the defaults */
  teams?: TeamCacheOptions;
  /** the pieces of narrowed and zoned reads (pieces.ts); undefined: the defaults */
  pieces?: PieceCacheOptions;
}

/** what a summary is made of */
export interface SummaryFigures {
  current: RangeFigures;
  /** the period before's */
  previous: RangeFigures;
  breakdowns: BreakdownRow[];
  series: SeriesRow[];
}

/** cards whose busy days are remembered (the most recently read), and days a card at most */
const BUSY_CARDS = 1000;
const BUSY_DAYS_A_CARD = 16;

/**
 * the figures behind the dashboard, from the store or from what was read before: finished days (the
 * day cache), the days ranges start or end inside (the edge-day cache), today's latest events and the
 * newest views (kept while the store's recent writes say nothing new was written for the card)
 */
export class FiguresSource {
  private readonly days: DayFiguresCache | null;
  private readonly edges: EdgeDaysCache | null;
  private readonly todayTail: TodayTailCache;
  private readonly newest: NewestViewsCache;
  /** today's parts the store counted, where the edge-day cache could not (null without that cache) */
  private readonly storeCounted: StoreCountedToday | null;
  /**
   * per card, the starts of the days found too busy to hold their events: such a day is outlined
   * again (a new step of today, a day the edge-day cache let go) without reading its events only to
   * tell so
   */
  private readonly busyDays = new LruCache<string, Set<number>>(BUSY_CARDS);
  private readonly wholeSums = new WholeDaySums();

  constructor(
    private readonly reader: FiguresReader,
    recent: RecentWrites,
    caches: ReadCaches = { days: new DayFiguresCache() },
    private readonly clock: () => number = Date.now,
  ) {
    this.days = caches.days;
    this.edges = caches.days ? (caches.edges === undefined ? new EdgeDaysCache() : caches.edges) : null;
    this.todayTail = new TodayTailCache(recent);
    this.newest = new NewestViewsCache(recent);
    this.storeCounted = this.edges ? new StoreCountedToday(recent) : null;
  }

  /** a card's kept figures go when its analytics are erased */
  forget(profileId: string): void {
    this.todayTail.forget(profileId);
    this.newest.forget(profileId);
    this.days?.forget(profileId);
    this.edges?.forget(profileId);
    this.busyDays.delete(profileId);
    this.storeCounted?.forget(profileId);
  }

  /** a range's figures, breakdowns and series, and the figures of the period before */
  async summary(
    profileId: string,
    range: TimeRange,
    before: TimeRange,
    granularity: Granularity,
  ): Promise<SummaryFigures> {
    if (granularity === 'day' && this.days) {
      // visitor ids are per UTC day: days add up, and finished days need not be merged again
      const [now, then] = await this.dailyPeriods(profileId, [range, before], this.days);
      return { current: now.figures, previous: then.figures, breakdowns: now.breakdowns, series: now.series };
    }
    const [current, previous, breakdowns, series] = await this.all<
      [RangeFigures, RangeFigures, BreakdownRow[], SeriesRow[]]
    >(
      () => this.reader.figures(profileId, range),
      () => this.reader.figures(profileId, before),
      () => this.reader.breakdowns(profileId, range),
      () => this.reader.series(profileId, range, granularity),
    );
    return { current, previous, breakdowns, series };
  }

  /**
   * a finished UTC day's events where the edge-day cache holds them from `from` to the day's end
   * (not as a busy day's outline): what the rest of the day a range starts inside can be counted from
   */
  heldDayFrom(profileId: string, start: number, from: number): DayEvents | null {
    if (!this.edges || start + DAY > this.clock()) return null;
    const held = this.edges.get(profileId, utcDay(start));
    return held instanceof DayEvents && held.heldFrom <= from ? held : null;
  }

  /** views newest first: after a cursor from the store, the first page from what was read where it can */
  async visits(
    profileId: string,
    range: TimeRange,
    limit: number,
    after: VisitCursor | null,
  ): Promise<VisitRow[]> {
    if (after) return this.reader.visits(profileId, range, limit, after);
    return this.newest.read(profileId, range, limit, (span) =>
      this.reader.visits(profileId, span, limit, null),
    );
  }

  live(profileId: string, since: Date): Promise<LiveFigures> {
    return this.reader.live(profileId, since);
  }

  /**
   * the figures of daily ranges. finished days come from the day cache where they can; the parts of
   * days (a range that starts inside a day, today) are counted from the day's events, held in the
   * edge-day cache; the rest (days not cached, days too busy to hold) in one query.
   */
  private async dailyPeriods(
    profileId: string,
    periods: [TimeRange, TimeRange],
    cache: DayFiguresCache,
  ): Promise<[PeriodFigures, PeriodFigures]> {
    const now = this.clock();
    const plans = periods.map((period) => planDays(period, now));
    // the version is taken before the read: a write during it makes what is read stale
    const todayCount = this.storeCounted?.begin(profileId);
    const parts = plans.flatMap((plan) => plan.partials);
    // today's parts too busy for the events held, as the store counted them since its last write
    const kept = parts.map((part) =>
      todayCount && isTodayToNow(part, now) ? todayCount.kept(part.from.getTime()) : null,
    );
    const fromEvents = await this.countFromEvents(
      profileId,
      parts.filter((_, i) => !kept[i]),
      now,
    );
    let unkept = 0;
    const flat = kept.map((figures) => figures ?? fromEvents[unkept++] ?? null);
    let next = 0;
    const counted = plans.map((plan) => plan.partials.map(() => flat[next++] ?? null));
    const missing = wholeDaysOf(plans).filter((day) => !cache.get(profileId, day));
    const segments = planStoreSegments(
      plans,
      counted.map((parts) => parts.map((figures) => figures !== null)),
      missing,
    );
    const fetched =
      segments.ranges.length > 0
        ? await this.reader.dailyFigures(profileId, segments.ranges)
        : new Map<number, Map<string, DayFigures>>();
    const fetchedWhole = segments.wholeDays === null ? undefined : fetched.get(segments.wholeDays);
    for (const day of missing) cache.set(profileId, day, fetchedWhole?.get(day) ?? emptyDay());
    // what the store just counted of today up to now, kept for the next reads
    const storeParts = segments.partials.flat();
    parts.forEach((part, i) => {
      if (!todayCount || flat[i] || !isTodayToNow(part, now)) return;
      // a part the store found nothing in has no row (and was not busy): nothing to keep
      const figures = fetched.get(storeParts[i] ?? -1)?.get(utcDay(part.from.getTime()));
      if (figures) todayCount.counted(part.from.getTime(), figures);
    });
    return plans.map((plan, p) => {
      const whole = plan.wholeDays.map(
        (day) => cache.get(profileId, day) ?? fetchedWhole?.get(day) ?? emptyDay(),
      );
      const partDays = plan.partials.flatMap((part, i): Array<[string, DayFigures]> => {
        const figures = counted[p]?.[i];
        if (figures) return [[utcDay(part.from.getTime()), figures]];
        return [...(fetched.get(segments.partials[p]?.[i] ?? -1) ?? [])];
      });
      return this.wholeSums.period(profileId, plan, whole, partDays);
    }) as [PeriodFigures, PeriodFigures];
  }

  /**
   * the figures of each part that lies inside one day, counted from that day's raw events held in the
   * edge-day cache: a finished day's events whole; today's up to the cutoff, plus the events since
   * (a few minutes). null for a part the store must count: one that spans days, a day whose raw events
   * the retention may have taken, a day or hour too busy to hold. what is missing is read in one query.
   */
  private async countFromEvents(
    profileId: string,
    parts: TimeRange[],
    now: number,
  ): Promise<Array<DayFigures | null>> {
    const edges = this.edges;
    if (!edges) return parts.map(() => null);
    const limit = edges.options.maxEventsPerDay;
    const plan = planEdgeDays(parts, now, this.reader.rawKeptSince()?.getTime() ?? -Infinity);
    const held = new Map<string, Held>();
    const loads: Array<{ key: string | null; range: TimeRange }> = [];
    // the days the edge-day cache marks too busy even for an outline: the store's
    const wasBusy = new Set<string>();
    for (const day of plan.days) {
      let cached = edges.get(profileId, day.key);
      // a day held from later than a part now starts: read again from the hour before that part's
      if (cached instanceof DayEvents && cached.heldFrom > day.earliest) cached = undefined;
      if (cached === TOO_MANY_EVENTS) wasBusy.add(day.key);
      if (cached !== undefined) held.set(day.key, cached);
      else if (day.load && this.busyDays.get(profileId)?.has(day.load.from.getTime()))
        held.set(day.key, TOO_MANY_EVENTS);
      else if (day.read) loads.push({ key: day.key, range: day.read });
      else held.set(day.key, DayEvents.of([]));
    }
    // a held busy day whose parts now start or end inside an hour it has no events of is loaded again
    for (const day of plan.days) {
      const busy = held.get(day.key);
      if (
        busy instanceof BusyDay &&
        !this.partsOf(plan, day.key).every(([from, to]) => busy.holdsHoursOf(from, to))
      )
        held.set(day.key, TOO_MANY_EVENTS);
    }
    // the version is taken before the read: a write during it makes what is read stale
    const tail = this.todayTail.begin(profileId, plan.today, limit);
    let since = plan.needsTail ? tail.kept() : null;
    if (plan.needsTail && !since) loads.push({ key: null, range: plan.tail });
    const loaded =
      loads.length > 0
        ? await this.reader.rawEvents(
            profileId,
            loads.map((load) => load.range),
            limit,
          )
        : [];
    // a day's columns take a few ms to make: other requests are answered between the days
    const slices = new EventLoopSlices();
    /** per day too busy to hold: the hour its first events read all lie in, if they do */
    const crowded = new Map<string, number>();
    for (const [i, load] of loads.entries()) {
      if (slices.due()) await slices.pause();
      const rows = loaded[i] ?? [];
      const events = rows.length > limit ? TOO_MANY_EVENTS : DayEvents.of(rows, load.range.from.getTime());
      if (load.key === null) {
        since = events === TOO_MANY_EVENTS ? null : events;
        if (since) tail.read(since);
      } else {
        edges.set(profileId, load.key, events);
        held.set(load.key, events);
        const hour = events === TOO_MANY_EVENTS ? hourHolding(rows) : null;
        if (hour !== null) crowded.set(load.key, hour);
      }
    }
    await this.loadBusyDays(profileId, plan, held, wasBusy, crowded);
    return plan.parts.map((part) => {
      if (!part) return null;
      const events = held.get(part.key);
      if (!events || events === TOO_MANY_EVENTS) return null;
      if (!part.withTail) return events.figures(part.from, part.to);
      return since ? events.figuresWith(since, part.from, part.to) : null;
    });
  }

  /** the parts of ranges a held day counts: from and to (ms, both included) */
  private partsOf(plan: EdgeDaysPlan, key: string): Array<[number, number]> {
    return plan.parts.flatMap((part) => (part && part.key === key ? [[part.from, part.to]] : []));
  }

  /**
   * the days too busy to hold their events, held as their outlines with the raw events of the hours
   * their parts start or end inside (busy-days.ts), two reads for all of them. a day that was found
   * busy earlier (the edge-day cache says so) is not loaded again; one whose hour is too busy is left
   * to the store, without reading it where the day's first events read (`crowded`) already fill an
   * hour it needs.
   */
  private async loadBusyDays(
    profileId: string,
    plan: EdgeDaysPlan,
    held: Map<string, Held>,
    wasBusy: Set<string>,
    crowded: ReadonlyMap<string, number>,
  ): Promise<void> {
    const edges = this.edges;
    if (!edges) return;
    const limit = edges.options.maxEventsPerDay;
    const busy = plan.days.flatMap((day) => {
      if (held.get(day.key) !== TOO_MANY_EVENTS || !day.load || wasBusy.has(day.key)) return [];
      const span = { start: day.load.from.getTime(), end: day.load.to.getTime() + 1 };
      const hours = [
        ...new Set(
          this.partsOf(plan, day.key).flatMap(([from, to]) => rawHoursOf(span.start, span.end, from, to)),
        ),
      ];
      const full = crowded.get(day.key);
      if (full !== undefined && hours.includes(full)) {
        this.holdBusyDay(profileId, day.key, span.start, TOO_MANY_EVENTS, held);
        return [];
      }
      return [{ key: day.key, span, range: day.load, hours, today: span.start === plan.today.start }];
    });
    if (busy.length === 0) return;
    const hourRanges = busy.flatMap((day) =>
      day.hours.map((hour) => ({
        from: new Date(hour),
        to: new Date(Math.min(hour + HOUR, day.span.end) - 1),
      })),
    );
    const outlines = await this.reader.dayOutlines(
      profileId,
      busy.map((day) => day.range),
    );
    const raw = hourRanges.length > 0 ? await this.reader.rawEvents(profileId, hourRanges, limit) : [];
    let next = 0;
    for (const [i, day] of busy.entries()) {
      const hours = new Map<number, DayEvents>();
      let fits = true;
      for (const hour of day.hours) {
        const rows = raw[next++] ?? [];
        if (rows.length > limit) fits = false;
        else hours.set(hour, DayEvents.of(rows));
      }
      const outline = outlines[i];
      const value = fits && outline ? BusyDay.of(day.span, outline, hours, day.today) : TOO_MANY_EVENTS;
      this.holdBusyDay(profileId, day.key, day.span.start, value, held);
    }
  }

  /** a day found too busy to hold its events: its outline, or TOO_MANY_EVENTS, kept and remembered */
  private holdBusyDay(
    profileId: string,
    key: string,
    start: number,
    value: BusyDay | typeof TOO_MANY_EVENTS,
    held: Map<string, Held>,
  ): void {
    this.edges?.set(profileId, key, value);
    held.set(key, value);
    const busyDays = this.busyDays.get(profileId) ?? new Set<number>();
    busyDays.add(start);
    for (const oldest of busyDays) if (busyDays.size > BUSY_DAYS_A_CARD) busyDays.delete(oldest);
    this.busyDays.set(profileId, busyDays);
  }

  private async all<T extends unknown[]>(...tasks: { [K in keyof T]: () => Promise<T[K]> }): Promise<T> {
    if (this.reader.parallelQueries) return (await Promise.all(tasks.map((task) => task()))) as T;
    const results: unknown[] = [];
    for (const task of tasks) results.push(await task());
    return results as T;
  }
}
