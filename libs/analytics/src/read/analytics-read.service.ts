import { EventLoopSlices } from '../event-loop';
import { LruCache } from '../lru-cache';
import {
  ANALYTICS_MAX_RANGE_DAYS,
  type BlockClicks,
  type EventType,
  type FunnelStep,
  type LinkClicks,
  type LiveVisitorsResponse,
  type PeriodFigures,
  type TimeSeriesPoint,
  type VisitSummaryResponse,
} from '@cardcraft/contracts';
import { DayFiguresCache } from './day-cache';
import { DayEvents, EdgeDaysCache, TOO_MANY_EVENTS } from './edge-days';
import {
  FUNNEL_STEPS,
  type AnalyticsStore,
  type BreakdownRow,
  type DayEventRow,
  type DayFigures,
  type FunnelStepName,
  type Granularity,
  type RangeFigures,
  type TimeRange,
  type VisitCursor,
  type VisitRow,
} from '../ports';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/**
 * today's events are held in steps of ten minutes, each once it ended two minutes ago (events reach
 * the store within seconds); the few since are read on every summary
 */
const HELD_STEP_MS = 10 * 60_000;
const SETTLE_MS = 2 * 60_000;
/** hourly buckets up to two days, daily beyond */
const HOURLY_UP_TO = 2 * DAY;
export const DIRECT_REFERRER = 'Direct';

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

function bucketStart(date: Date, granularity: Granularity): number {
  const step = granularity === 'hour' ? HOUR : DAY;
  return Math.floor(date.getTime() / step) * step;
}

/** every bucket of the range, zeros where nothing happened, so a chart needs no gap logic */
export function fillSeries(
  range: TimeRange,
  granularity: Granularity,
  rows: { bucket: Date; visits: number; uniqueVisitors: number }[],
): TimeSeriesPoint[] {
  const step = granularity === 'hour' ? HOUR : DAY;
  const byBucket = new Map(rows.map((r) => [r.bucket.getTime(), r]));
  const points: TimeSeriesPoint[] = [];
  for (let t = bucketStart(range.from, granularity); t <= range.to.getTime(); t += step) {
    const row = byBucket.get(t);
    points.push({
      bucketUtc: new Date(t).toISOString(),
      visits: row?.visits ?? 0,
      uniqueVisitors: row?.uniqueVisitors ?? 0,
    });
  }
  return points;
}

export function encodeCursor(cursor: VisitCursor): string {
  return Buffer.from(`${cursor.ts.getTime()}:${cursor.id}`, 'utf8').toString('base64url');
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function decodeCursor(value: string): VisitCursor {
  const text = Buffer.from(value, 'base64url').toString('utf8');
  const [millis, id] = text.split(':');
  const ts = new Date(Number(millis));
  if (!/^\d+$/.test(millis ?? '') || Number.isNaN(ts.getTime()) || !UUID.test(id ?? '')) {
    throw new AnalyticsQueryError('cursor', 'cursor is not valid');
  }
  return { ts, id };
}

export interface VisitPage {
  rows: VisitRow[];
  nextCursor: string | null;
}

type SeriesRowOf = Awaited<ReturnType<AnalyticsStore['series']>>[number];

/** the live widget's window */
export const LIVE_WINDOW_MS = 5 * 60_000;

/** uniqCombined64 counts exactly below this many distinct values (checked on chdb 26.7) */
export const UNIQUES_EXACT_BELOW = 4000;
/** its standard error beyond that: 1.04 / sqrt(2^17) */
export const UNIQUES_STANDARD_ERROR = 0.003;

/** a part of the card that holds links, so clicks can be told per block */
export interface LinkOwner {
  id: string;
  kind: BlockClicks['kind'];
  label: string;
  urls: string[];
}

/** the period of the same length that ends just before the range starts */
export function previousRange(range: TimeRange): TimeRange {
  const to = new Date(range.from.getTime() - 1);
  return { from: new Date(to.getTime() - (range.to.getTime() - range.from.getTime())), to };
}

function changePercent(now: number, before: number): number | null {
  if (before === 0) return null;
  return Math.round(((now - before) / before) * 1000) / 10;
}

/** the same address however it was typed: no trailing slash, host in lower case */
function normalUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host.toLowerCase()}${parsed.pathname.replace(/\/+$/, '')}${parsed.search}`;
  } catch {
    return url.trim().replace(/\/+$/, '');
  }
}

/** link clicks per card part: each address counts for the first part that holds it */
export function clicksByOwner(links: LinkClicks[], owners: LinkOwner[]): BlockClicks[] {
  const ownerOf = new Map<string, LinkOwner>();
  for (const owner of owners) {
    for (const url of owner.urls) if (!ownerOf.has(normalUrl(url))) ownerOf.set(normalUrl(url), owner);
  }
  const clicks = new Map<string, BlockClicks>();
  for (const link of links) {
    const owner = ownerOf.get(normalUrl(link.target));
    if (!owner) continue;
    const entry = clicks.get(owner.id) ?? { id: owner.id, kind: owner.kind, label: owner.label, clicks: 0 };
    entry.clicks += link.clicks;
    clicks.set(owner.id, entry);
  }
  return [...clicks.values()].sort((a, b) => b.clicks - a.clicks || a.label.localeCompare(b.label));
}

function periodFigures(range: TimeRange, figures: RangeFigures): PeriodFigures {
  const of = (type: EventType) => figures.byType.find((row) => row.type === type);
  return {
    fromUtc: range.from.toISOString(),
    toUtc: range.to.toISOString(),
    visits: of('view')?.events ?? 0,
    uniqueVisitors: of('view')?.visitors ?? 0,
    saves: of('vcard_saved')?.events ?? 0,
    messages: of('message_sent')?.events ?? 0,
  };
}

function byKey(rows: BreakdownRow[], dimension: BreakdownRow['dimension'], emptyAs: string | null) {
  const counts: Record<string, number> = {};
  for (const row of rows) {
    if (row.dimension !== dimension) continue;
    const key = row.value || emptyAs;
    if (key) counts[key] = (counts[key] ?? 0) + row.count;
  }
  return counts;
}

/** the names of UTC days, made once: a summary names every day of both its periods */
const dayNames = new Map<number, string>();
function utcDay(ms: number): string {
  const day = Math.floor(ms / DAY);
  let name = dayNames.get(day);
  if (name === undefined) {
    name = new Date(day * DAY).toISOString().slice(0, 10);
    if (dayNames.size >= 10_000) dayNames.clear();
    dayNames.set(day, name);
  }
  return name;
}
const dayStart = (ms: number) => Math.floor(ms / DAY) * DAY;

/**
 * a daily range in parts: the finished UTC days wholly inside it (which can be cached) and the rest
 * (the partial first day, today), read fresh
 */
export function planDays(range: TimeRange, now: number): { wholeDays: string[]; partials: TimeRange[] } {
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

/** days added up, every breakdown value kept (the top ones are picked at the end) */
interface DayTotals {
  types: Map<string, { type: string; events: number; authenticated: number; visitors: number }>;
  stepVisitors: Record<FunnelStepName, number>;
  breakdowns: Map<string, BreakdownRow>;
}

function emptyTotals(): DayTotals {
  return {
    types: new Map(),
    stepVisitors: Object.fromEntries(Object.keys(FUNNEL_STEPS).map((step) => [step, 0])) as Record<
      FunnelStepName,
      number
    >,
    breakdowns: new Map(),
  };
}

function copyTotals(totals: DayTotals): DayTotals {
  return {
    types: new Map([...totals.types].map(([key, row]) => [key, { ...row }])),
    stepVisitors: { ...totals.stepVisitors },
    breakdowns: new Map([...totals.breakdowns].map(([key, row]) => [key, { ...row }])),
  };
}

/** adds days: counts add up, and so do distinct visitors, whose ids are per UTC day */
function addDays(totals: DayTotals, days: DayFigures[]): DayTotals {
  for (const day of days) {
    for (const row of day.byType) {
      const sum = totals.types.get(row.type) ?? { type: row.type, events: 0, authenticated: 0, visitors: 0 };
      sum.events += row.events;
      sum.authenticated += row.authenticated;
      totals.types.set(row.type, sum);
    }
    for (const step of Object.keys(totals.stepVisitors) as FunnelStepName[])
      totals.stepVisitors[step] += day.stepVisitors[step];
    for (const row of day.breakdowns) {
      const key = `${row.dimension}\u0000${row.value}`;
      const sum = totals.breakdowns.get(key);
      if (sum) sum.count += row.count;
      else totals.breakdowns.set(key, { ...row });
    }
  }
  return totals;
}

/** the range's figures and the top 100 values of each breakdown dimension */
function finishTotals(totals: DayTotals): { figures: RangeFigures; breakdowns: BreakdownRow[] } {
  const view = totals.types.get('view');
  if (view) view.visitors = totals.stepVisitors.viewed;
  const perDimension = new Map<string, BreakdownRow[]>();
  for (const row of totals.breakdowns.values()) {
    const list = perDimension.get(row.dimension) ?? [];
    list.push(row);
    perDimension.set(row.dimension, list);
  }
  const top: BreakdownRow[] = [];
  for (const list of perDimension.values()) {
    list.sort((a, b) => b.count - a.count || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0));
    top.push(...list.slice(0, 100));
  }
  return {
    figures: {
      byType: [...totals.types.values()].sort((a, b) => a.type.localeCompare(b.type)),
      stepVisitors: totals.stepVisitors,
    },
    breakdowns: top,
  };
}

/** a card's events of today since the held part, oldest first, as read at a write version */
interface LatestEvents {
  version: number;
  cutoff: number;
  rows: DayEventRow[];
  events: DayEvents;
}

interface NewestViews {
  version: number;
  from: number;
  to: number;
  limit: number;
  /** newest first, as the store orders them */
  rows: VisitRow[];
}

/**
 * the newest views read at one version, with the views written since added: the newest `limit` of
 * both are the newest of what the store holds now in the same span. undefined when two views share a
 * millisecond: the store orders those by event id its own way, and a page's cursor must follow it.
 */
function withNewViews(kept: NewestViews, added: VisitRow[], version: number): NewestViews | undefined {
  const fresh = added.filter((row) => row.ts.getTime() >= kept.from && row.ts.getTime() <= kept.to);
  const times = new Set(kept.rows.map((row) => row.ts.getTime()));
  for (const row of fresh) {
    if (times.has(row.ts.getTime())) return undefined;
    times.add(row.ts.getTime());
  }
  // a stable sort: the rows read keep the store's order among themselves
  const rows = [...kept.rows, ...fresh].sort((a, b) => b.ts.getTime() - a.ts.getTime());
  return { ...kept, version, rows: rows.slice(0, kept.limit) };
}

/** cards whose latest events are kept between reads (the most recently read) */
const LATEST_CARDS = 1000;
/** at most this many sums of finished days kept (one per card and range in use) */
const WHOLE_DAY_SUMS = 256;

/** the dashboard's reads, shaped as the contracts say; the summary's queries run at once where the store can */
export class AnalyticsReadService {
  private readonly days: DayFiguresCache | null;
  private readonly edges: EdgeDaysCache | null;

  constructor(
    private readonly store: AnalyticsStore,
    /** null: every read asks the store for the whole range (nothing of finished days kept) */
    caches: { days: DayFiguresCache | null; edges?: EdgeDaysCache | null } = { days: new DayFiguresCache() },
    private readonly clock: () => number = Date.now,
  ) {
    this.days = caches.days;
    this.edges = caches.days ? (caches.edges === undefined ? new EdgeDaysCache() : caches.edges) : null;
  }

  /** a card's cached days go when its analytics are erased */
  forget(profileId: string): void {
    this.latest.delete(profileId);
    this.newest.delete(profileId);
    this.days?.forget(profileId);
    this.edges?.forget(profileId);
    for (const key of [...this.wholeDaySums.keys()])
      if (key.startsWith(`${profileId}\u0000`)) this.wholeDaySums.delete(key);
  }

  /**
   * the figures of a daily range and of the period before it. finished days come from the day cache
   * where they can; the parts of days (a range that starts inside a day, today) are counted from
   * the day's events, held in the edge-day cache; the rest (days not cached, days too busy to hold)
   * in one query.
   */
  private async dailyPeriods(
    profileId: string,
    periods: TimeRange[],
    cache: DayFiguresCache,
  ): Promise<Array<{ figures: RangeFigures; breakdowns: BreakdownRow[]; series: SeriesRowOf[] }>> {
    const now = this.clock();
    const plans = periods.map((period) => planDays(period, now));
    const counted = await this.countFromEvents(
      profileId,
      plans.flatMap((plan) => plan.partials),
      now,
    );
    const queried: TimeRange[] = [];
    let partIndex = 0;
    const parts = plans.map((plan) =>
      plan.partials.map((part) => {
        const figures = counted[partIndex++];
        if (figures) return { day: utcDay(part.from.getTime()), figures };
        queried.push(part);
        return queried.length - 1;
      }),
    );
    const missing = [...new Set(plans.flatMap((plan) => plan.wholeDays))].filter(
      (day) => !cache.get(profileId, day),
    );
    const missingSpan =
      missing.length > 0
        ? {
            from: new Date(`${missing.reduce((a, b) => (a < b ? a : b))}T00:00:00.000Z`),
            to: new Date(Date.parse(`${missing.reduce((a, b) => (a > b ? a : b))}T00:00:00.000Z`) + DAY - 1),
          }
        : null;
    if (missingSpan) queried.push(missingSpan);
    const fetched =
      queried.length > 0
        ? await this.store.dailyFigures(profileId, queried)
        : new Map<number, Map<string, DayFigures>>();
    const fetchedWhole = missingSpan ? fetched.get(queried.length - 1) : undefined;
    const empty = (): DayFigures => ({
      byType: [],
      stepVisitors: { viewed: 0, saved_or_shared: 0, clicked: 0, messaged: 0 },
      breakdowns: [],
    });
    if (missingSpan) {
      for (const day of missing) cache.set(profileId, day, fetchedWhole?.get(day) ?? empty());
    }
    return plans.map((plan, p) => {
      const byDay = new Map<string, DayFigures[]>();
      const add = (day: string, figures: DayFigures) => byDay.set(day, [...(byDay.get(day) ?? []), figures]);
      const whole = plan.wholeDays.map(
        (day) => cache.get(profileId, day) ?? fetchedWhole?.get(day) ?? empty(),
      );
      plan.wholeDays.forEach((day, i) => add(day, whole[i] as DayFigures));
      const partial: DayFigures[] = [];
      for (const part of parts[p] ?? []) {
        const partDays: Array<[string, DayFigures]> =
          typeof part === 'number' ? [...(fetched.get(part) ?? [])] : [[part.day, part.figures]];
        for (const [day, figures] of partDays) {
          add(day, figures);
          partial.push(figures);
        }
      }
      const series: SeriesRowOf[] = [];
      for (const [day, dayParts] of byDay) {
        const views = dayParts.flatMap((d) => d.byType).filter((row) => row.type === 'view');
        series.push({
          bucket: new Date(`${day}T00:00:00.000Z`),
          visits: views.reduce((n, row) => n + row.events, 0),
          uniqueVisitors: dayParts.reduce((n, d) => n + d.stepVisitors.viewed, 0),
        });
      }
      return {
        ...finishTotals(addDays(this.wholeDaysTotals(profileId, plan.wholeDays, whole), partial)),
        series,
      };
    });
  }

  private readonly wholeDaySums = new Map<string, { days: DayFigures[]; totals: DayTotals }>();

  /** per card, today's events since the held part, as read at a write version of the store */
  private readonly latest = new LruCache<string, LatestEvents>(LATEST_CARDS);

  /**
   * the finished days of a range added up (a copy, to add the partial days to): kept while the day
   * cache holds the same days, so a range of many days is not added up again on every read
   */
  private wholeDaysTotals(profileId: string, days: string[], figures: DayFigures[]): DayTotals {
    const key = `${profileId}\u0000${days[0] ?? ''}\u0000${days[days.length - 1] ?? ''}`;
    const kept = this.wholeDaySums.get(key);
    if (kept && kept.days.length === figures.length && kept.days.every((day, i) => day === figures[i])) {
      return copyTotals(kept.totals);
    }
    const totals = addDays(emptyTotals(), figures);
    this.wholeDaySums.delete(key);
    this.wholeDaySums.set(key, { days: figures, totals });
    for (const oldest of this.wholeDaySums.keys()) {
      if (this.wholeDaySums.size <= WHOLE_DAY_SUMS) break;
      this.wholeDaySums.delete(oldest);
    }
    return copyTotals(totals);
  }

  /**
   * the figures of each part that lies inside one day, counted from that day's raw events held in the
   * edge-day cache: a finished day's events whole; today's up to the last HELD_STEP_MS step that
   * ended SETTLE_MS ago, plus the events since, read on every call (a few minutes). null for a part the
   * store must count: one that spans days, a day whose raw events the retention may have taken, a day
   * or hour too busy to hold. what is missing is read in one query.
   */
  private async countFromEvents(
    profileId: string,
    parts: TimeRange[],
    now: number,
  ): Promise<Array<DayFigures | null>> {
    const edges = this.edges;
    if (!edges) return parts.map(() => null);
    const keptSince = this.store.rawKeptSince()?.getTime() ?? -Infinity;
    const today = dayStart(now);
    const cutoff = Math.max(today, Math.floor((now - SETTLE_MS) / HELD_STEP_MS) * HELD_STEP_MS);
    const todayKey = `${utcDay(today)}@${new Date(cutoff).toISOString().slice(11, 16)}`;
    const keyOf = (start: number) => (start === today ? todayKey : utcDay(start));
    const held = new Map<string, DayEvents | typeof TOO_MANY_EVENTS>();
    const loads: Array<{ key: string | null; range: TimeRange }> = [];
    let needsTail = false;
    for (const part of parts) {
      const start = dayStart(part.from.getTime());
      if (start !== dayStart(part.to.getTime()) || start < keptSince || start > today) continue;
      const key = keyOf(start);
      if (held.has(key) || loads.some((load) => load.key === key)) continue;
      const cached = edges.get(profileId, key);
      if (cached !== undefined) held.set(key, cached);
      else if (start < today)
        loads.push({ key, range: { from: new Date(start), to: new Date(start + DAY - 1) } });
      else if (cutoff > today)
        loads.push({ key, range: { from: new Date(today), to: new Date(cutoff - 1) } });
      else held.set(key, DayEvents.of([]));
      if (start === today && part.to.getTime() >= cutoff) needsTail = true;
    }
    // today's events since the held part: all of them to the day's end, whatever a range asks (each
    // part counts its own span), so they can be used again while the store has written nothing new
    // for the card. the version is taken before the read: a write during it makes the copy stale.
    const version = this.store.writeVersion(profileId);
    const writing = this.store.writing(profileId);
    let since: DayEvents | null = null;
    if (needsTail) {
      const kept = version === null ? undefined : this.latest.get(profileId);
      if (kept && kept.version === version && kept.cutoff === cutoff) since = kept.events;
      else if (kept && version !== null && kept.cutoff === cutoff) {
        // the rows the store wrote since, added: a card being visited is not read again per write
        const added = this.store.writtenSince(profileId, kept.version);
        if (added) {
          const dayEnd = today + DAY;
          const rows = [...kept.rows, ...added.filter((row) => row.ts >= cutoff && row.ts < dayEnd)];
          rows.sort((a, b) => a.ts - b.ts);
          if (rows.length <= edges.options.maxEventsPerDay) {
            since = DayEvents.of(rows);
            this.latest.set(profileId, { version, cutoff, rows, events: since });
          }
        }
      }
      if (!since) loads.push({ key: null, range: { from: new Date(cutoff), to: new Date(today + DAY - 1) } });
    }
    const limit = edges.options.maxEventsPerDay;
    const loaded =
      loads.length > 0
        ? await this.store.rawEvents(
            profileId,
            loads.map((load) => load.range),
            limit,
          )
        : [];
    // a day's columns take a few ms to make: other requests are answered between the days
    const slices = new EventLoopSlices();
    for (const [i, load] of loads.entries()) {
      if (slices.due()) await slices.pause();
      const rows = loaded[i] ?? [];
      const events = rows.length > limit ? TOO_MANY_EVENTS : DayEvents.of(rows);
      if (load.key === null) {
        since = events === TOO_MANY_EVENTS ? null : events;
        // kept only when no write ended or ran meanwhile: the read may hold some of a write's rows,
        // which the write's own log would then add a second time
        if (since && version !== null && !writing && this.unchangedSince(profileId, version))
          this.latest.set(profileId, { version, cutoff, rows, events: since });
      } else {
        edges.set(profileId, load.key, events);
        held.set(load.key, events);
      }
    }
    return parts.map((part) => {
      const start = dayStart(part.from.getTime());
      if (start !== dayStart(part.to.getTime())) return null;
      const events = held.get(keyOf(start));
      if (!events || events === TOO_MANY_EVENTS) return null;
      const [from, to] = [part.from.getTime(), part.to.getTime()];
      if (start < today || to < cutoff) return events.figures(from, to);
      return since ? events.figuresWith(since, from, to) : null;
    });
  }

  /** no write of the card ended or runs since the version was taken */
  private unchangedSince(profileId: string, version: number): boolean {
    return this.store.writeVersion(profileId) === version && !this.store.writing(profileId);
  }

  private async all<T extends unknown[]>(...tasks: { [K in keyof T]: () => Promise<T[K]> }): Promise<T> {
    if (this.store.parallelQueries) return (await Promise.all(tasks.map((task) => task()))) as T;
    const results: unknown[] = [];
    for (const task of tasks) results.push(await task());
    return results as T;
  }

  async summary(
    profileId: string,
    range: TimeRange,
    linkOwners: LinkOwner[] = [],
  ): Promise<VisitSummaryResponse> {
    const granularity = granularityOf(range);
    const before = previousRange(range);
    let current: RangeFigures;
    let previous: RangeFigures;
    let breakdowns: BreakdownRow[];
    let series: SeriesRowOf[];
    if (granularity === 'day' && this.days) {
      // visitor ids are per UTC day: days add up, and finished days need not be merged again
      const [now, then] = await this.dailyPeriods(profileId, [range, before], this.days);
      ({ figures: current, breakdowns, series } = now);
      previous = then.figures;
    } else {
      [current, previous, breakdowns, series] = await this.all<
        [RangeFigures, RangeFigures, BreakdownRow[], SeriesRowOf[]]
      >(
        () => this.store.figures(profileId, range),
        () => this.store.figures(profileId, before),
        () => this.store.breakdowns(profileId, range),
        () => this.store.series(profileId, range, granularity),
      );
    }
    const views = current.byType.find((row) => row.type === 'view');
    const totalVisits = views?.events ?? 0;
    const authenticatedVisits = views?.authenticated ?? 0;
    const engagement: Partial<Record<EventType, number>> = {};
    for (const row of current.byType) if (row.type !== 'view') engagement[row.type as EventType] = row.events;
    const viewers = current.stepVisitors.viewed;
    const funnel: FunnelStep[] = (Object.keys(FUNNEL_STEPS) as FunnelStepName[]).map((step) => ({
      step,
      visitors: current.stepVisitors[step],
      shareOfViewers: viewers > 0 ? Math.round((current.stepVisitors[step] / viewers) * 1000) / 1000 : null,
    }));
    const clicksByLink: LinkClicks[] = breakdowns
      .filter((row) => row.dimension === 'link' && row.value)
      .map((row) => ({ target: row.value, clicks: row.count }));
    const now = periodFigures(range, current);
    const then = periodFigures(before, previous);
    const points = fillSeries(range, granularity, series);
    // per day where days were added up (each day's count is its own estimate), else the range's
    const largestUniques =
      granularity === 'day'
        ? Math.max(0, ...points.map((p) => p.uniqueVisitors))
        : Math.max(now.uniqueVisitors, then.uniqueVisitors, viewers, ...points.map((p) => p.uniqueVisitors));
    return {
      totalVisits,
      uniqueVisitors: views?.visitors ?? 0,
      authenticatedVisits,
      guestVisits: totalVisits - authenticatedVisits,
      visitsByCountry: byKey(breakdowns, 'country', null),
      visitsByDevice: byKey(breakdowns, 'device', null),
      visitsByReferrer: byKey(breakdowns, 'referrer_host', DIRECT_REFERRER),
      engagement,
      timeSeries: { granularity, points },
      visitsByChannel: byKey(breakdowns, 'channel', 'direct'),
      funnel,
      clicksByLink,
      clicksByBlock: clicksByOwner(clicksByLink, linkOwners),
      comparison: {
        previous: then,
        changePercent: {
          visits: changePercent(now.visits, then.visits),
          uniqueVisitors: changePercent(now.uniqueVisitors, then.uniqueVisitors),
          saves: changePercent(now.saves, then.saves),
          messages: changePercent(now.messages, then.messages),
        },
      },
      uniqueVisitorsAccuracy: {
        exact: largestUniques < UNIQUES_EXACT_BELOW,
        exactBelow: UNIQUES_EXACT_BELOW,
        standardError: UNIQUES_STANDARD_ERROR,
      },
    };
  }

  /** per card, its newest views up to a moment, as read at a write version of the store */
  private readonly newest = new LruCache<string, NewestViews>(LATEST_CARDS);

  /**
   * a range's newest views (the first page): read up to a minute past now, and served again from
   * what was read while the store has written nothing new for the card, for any range that lies
   * within what was read. owners reopen the dashboard, and it refreshes, far more often than a quiet
   * card is visited; while it is visited, the views the store wrote are added to what was read.
   */
  private async newestVisits(profileId: string, range: TimeRange, limit: number): Promise<VisitRow[]> {
    const version = this.store.writeVersion(profileId);
    if (version === null) return this.store.visits(profileId, range, limit, null);
    const writing = this.store.writing(profileId);
    const from = range.from.getTime();
    const to = range.to.getTime();
    const within = (rows: VisitRow[]) =>
      rows.filter((row) => row.ts.getTime() >= from && row.ts.getTime() <= to).slice(0, limit);
    let kept = this.newest.get(profileId);
    if (kept && kept.version !== version) {
      const added = this.store.viewsWrittenSince(profileId, kept.version);
      kept = added ? withNewViews(kept, added, version) : undefined;
      if (kept) this.newest.set(profileId, kept);
    }
    if (kept && kept.from <= from && to <= kept.to && kept.limit >= limit) {
      const rows = within(kept.rows);
      // every view newer than the oldest row read is among those read: the page is right when it is
      // full, when all there was got read, or when the oldest row read is older than the range
      const oldest = kept.rows[kept.rows.length - 1];
      if (rows.length === limit || kept.rows.length < kept.limit || (oldest && oldest.ts.getTime() < from))
        return rows;
    }
    const upTo = Math.max(to, Date.now() + 60_000);
    const rows = await this.store.visits(profileId, { from: range.from, to: new Date(upTo) }, limit, null);
    // kept only when no write ran or ended meanwhile: the read may hold some of a write's views,
    // which the write's own log would then add a second time
    if (!writing && this.unchangedSince(profileId, version))
      this.newest.set(profileId, { version, from, to: upTo, limit, rows });
    const page = within(rows);
    if (page.length === limit || rows.length < limit) return page;
    // views past the range's end filled what was read: the range's own page
    return this.store.visits(profileId, range, limit, null);
  }

  /** views in the last five minutes, from the raw events */
  async live(profileId: string, now: Date = new Date()): Promise<LiveVisitorsResponse> {
    const figures = await this.store.live(profileId, new Date(now.getTime() - LIVE_WINDOW_MS));
    return { windowSeconds: LIVE_WINDOW_MS / 1000, ...figures, asOfUtc: now.toISOString() };
  }

  async visits(
    profileId: string,
    range: TimeRange,
    pageSize: number,
    cursor: string | null,
  ): Promise<VisitPage> {
    const after = cursor ? decodeCursor(cursor) : null;
    const rows = after
      ? await this.store.visits(profileId, range, pageSize + 1, after)
      : await this.newestVisits(profileId, range, pageSize + 1);
    const page = rows.slice(0, pageSize);
    const last = page[page.length - 1];
    return {
      rows: page,
      nextCursor: rows.length > pageSize && last ? encodeCursor({ ts: last.ts, id: last.id }) : null,
    };
  }
}
