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
import {
  FUNNEL_STEPS,
  type AnalyticsStore,
  type BreakdownRow,
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

const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
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

/** sums days: counts add up, and so do distinct visitors, whose ids are per UTC day */
function sumDays(days: DayFigures[]): { figures: RangeFigures; breakdowns: BreakdownRow[] } {
  const types = new Map<string, { type: string; events: number; authenticated: number; visitors: number }>();
  const stepVisitors = Object.fromEntries(Object.keys(FUNNEL_STEPS).map((step) => [step, 0])) as Record<
    FunnelStepName,
    number
  >;
  const breakdowns = new Map<string, BreakdownRow>();
  for (const day of days) {
    for (const row of day.byType) {
      const sum = types.get(row.type) ?? { type: row.type, events: 0, authenticated: 0, visitors: 0 };
      sum.events += row.events;
      sum.authenticated += row.authenticated;
      types.set(row.type, sum);
    }
    for (const step of Object.keys(stepVisitors) as FunnelStepName[])
      stepVisitors[step] += day.stepVisitors[step];
    for (const row of day.breakdowns) {
      const key = `${row.dimension}\u0000${row.value}`;
      const sum = breakdowns.get(key) ?? { ...row, count: 0 };
      sum.count += row.count;
      breakdowns.set(key, sum);
    }
  }
  const view = types.get('view');
  if (view) view.visitors = stepVisitors.viewed;
  const perDimension = new Map<string, BreakdownRow[]>();
  for (const row of breakdowns.values()) {
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
    figures: { byType: [...types.values()].sort((a, b) => a.type.localeCompare(b.type)), stepVisitors },
    breakdowns: top,
  };
}

/** the dashboard's reads, shaped as the contracts say; the summary's queries run at once where the store can */
export class AnalyticsReadService {
  constructor(
    private readonly store: AnalyticsStore,
    /** null: every read merges the whole range (no finished days kept) */
    private readonly days: DayFiguresCache | null = new DayFiguresCache(),
    private readonly clock: () => number = Date.now,
  ) {}

  /** a card's cached days go when its analytics are erased */
  forget(profileId: string): void {
    this.days?.forget(profileId);
  }

  /**
   * the figures of a daily range and of the period before it, in one query: finished days come from
   * the cache where they can, the partial days and the missing finished days from the store
   */
  private async dailyPeriods(
    profileId: string,
    periods: TimeRange[],
    cache: DayFiguresCache,
  ): Promise<Array<{ figures: RangeFigures; breakdowns: BreakdownRow[]; series: SeriesRowOf[] }>> {
    const now = this.clock();
    const plans = periods.map((period) => planDays(period, now));
    const segments: TimeRange[] = plans.flatMap((plan) => plan.partials);
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
    if (missingSpan) segments.push(missingSpan);
    const fetched = await this.store.dailyFigures(profileId, segments);
    const fetchedWhole = missingSpan ? fetched.get(segments.length - 1) : undefined;
    const empty = (): DayFigures => ({
      byType: [],
      stepVisitors: { viewed: 0, saved_or_shared: 0, clicked: 0, messaged: 0 },
      breakdowns: [],
    });
    if (missingSpan) {
      for (const day of missing) cache.set(profileId, day, fetchedWhole?.get(day) ?? empty());
    }
    let segment = 0;
    return plans.map((plan) => {
      const byDay = new Map<string, DayFigures[]>();
      for (const day of plan.wholeDays) {
        byDay.set(day, [cache.get(profileId, day) ?? fetchedWhole?.get(day) ?? empty()]);
      }
      for (let i = 0; i < plan.partials.length; i++, segment++) {
        for (const [day, figures] of fetched.get(segment) ?? [])
          byDay.set(day, [...(byDay.get(day) ?? []), figures]);
      }
      const series: SeriesRowOf[] = [];
      for (const [day, parts] of byDay) {
        const views = parts.flatMap((p) => p.byType).filter((row) => row.type === 'view');
        series.push({
          bucket: new Date(`${day}T00:00:00.000Z`),
          visits: views.reduce((n, row) => n + row.events, 0),
          uniqueVisitors: parts.reduce((n, p) => n + p.stepVisitors.viewed, 0),
        });
      }
      return { ...sumDays([...byDay.values()].flat()), series };
    });
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
    const rows = await this.store.visits(profileId, range, pageSize + 1, after);
    const page = rows.slice(0, pageSize);
    const last = page[page.length - 1];
    return {
      rows: page,
      nextCursor: rows.length > pageSize && last ? encodeCursor({ ts: last.ts, id: last.id }) : null,
    };
  }
}
