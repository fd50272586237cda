import type {
  AnalyticsComparison,
  AnalyticsFilters,
  BlockClicks,
  EventType,
  FunnelStep,
  LinkClicks,
  LiveVisitorsResponse,
  PeriodFigures,
  TimeSeriesPoint,
  VisitSummaryResponse,
} from '@cardcraft/contracts';
import {
  FUNNEL_STEPS,
  type BreakdownRow,
  type FunnelStepName,
  type Granularity,
  type LiveFigures,
  type RangeFigures,
  type SeriesRow,
  type TimeRange,
  type VisitCursor,
  type VisitRow,
} from '../ports';
import { LruCache } from '../lru-cache';
import { AnalyticsQueryError } from './range-planner';
import { bucketStarts, UTC } from './zone';

/**
 * the dashboard's answers shaped as the contracts say, from the figures read: no store, no cache
 */

export const DIRECT_REFERRER = 'Direct';

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

export interface VisitPage {
  rows: VisitRow[];
  nextCursor: string | null;
}

/**
 * every bucket of the range (hours or days of the zone), zeros where nothing happened, so a chart
 * needs no gap logic
 */
export function fillSeries(
  range: TimeRange,
  granularity: Granularity,
  rows: { bucket: Date; visits: number; uniqueVisitors: number }[],
  timeZone: string = UTC,
): TimeSeriesPoint[] {
  const byBucket = new Map(rows.map((r) => [r.bucket.getTime(), r]));
  return bucketStarts(range, granularity, timeZone).map((t) => {
    const row = byBucket.get(t);
    return {
      bucketUtc: new Date(t).toISOString(),
      visits: row?.visits ?? 0,
      uniqueVisitors: row?.uniqueVisitors ?? 0,
    };
  });
}

export function encodeCursor(cursor: VisitCursor): string {
  return Buffer.from(`${cursor.ts.getTime()}:${cursor.id}`, 'utf8').toString('base64url');
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** a cursor as encodeCursor made it; anything else is refused */
export function decodeCursor(value: string): VisitCursor {
  const text = Buffer.from(value, 'base64url').toString('utf8');
  const [millis, id] = text.split(':');
  const ts = new Date(Number(millis));
  if (!/^\d+$/.test(millis ?? '') || Number.isNaN(ts.getTime()) || !UUID.test(id ?? '')) {
    throw new AnalyticsQueryError('cursor', 'cursor is not valid');
  }
  return { ts, id };
}

/** the change from the period before in per cent, one decimal; null when that period had none */
export function changePercent(now: number, before: number): number | null {
  if (before === 0) return null;
  return Math.round(((now - before) / before) * 1000) / 10;
}

/**
 * addresses as normalUrl wrote them: a team's summary matches each of a thousand cards' clicks to
 * its parts, and parsing the addresses again took half of its time
 */
const normalUrls = new LruCache<string, string>(20_000);

/** the same address however it was typed: no trailing slash, host in lower case */
export function normalUrl(url: string): string {
  let normal = normalUrls.get(url);
  if (normal !== undefined) return normal;
  try {
    const parsed = new URL(url);
    normal = `${parsed.protocol}//${parsed.host.toLowerCase()}${parsed.pathname.replace(/\/+$/, '')}${parsed.search}`;
  } catch {
    normal = url.trim().replace(/\/+$/, '');
  }
  normalUrls.set(url, normal);
  return normal;
}

/** a card's parts by the addresses they hold: each address goes to the first part that holds it */
export function ownersByUrl(owners: LinkOwner[]): Map<string, LinkOwner> {
  const ownerOf = new Map<string, LinkOwner>();
  for (const owner of owners) {
    for (const url of owner.urls) {
      const normal = normalUrl(url);
      if (!ownerOf.has(normal)) ownerOf.set(normal, owner);
    }
  }
  return ownerOf;
}

/** clicks ÷ views, three decimals; null without views */
export function clickRate(clicks: number, views: number): number | null {
  return views > 0 ? Math.round((clicks / views) * 1000) / 1000 : null;
}

/**
 * link clicks per card part: each address counts for the first part that holds it. a part's unique
 * clicks are its links' added up (a visitor who clicked two of its links counts twice)
 */
export function clicksByOwner(links: LinkClicks[], owners: LinkOwner[], views = 0): BlockClicks[] {
  const ownerOf = ownersByUrl(owners);
  const clicks = new Map<string, BlockClicks>();
  for (const link of links) {
    const owner = ownerOf.get(normalUrl(link.target));
    if (!owner) continue;
    const entry = clicks.get(owner.id) ?? {
      id: owner.id,
      kind: owner.kind,
      label: owner.label,
      clicks: 0,
      uniqueClicks: 0,
      clickRate: null,
    };
    entry.clicks += link.clicks;
    entry.uniqueClicks += link.uniqueClicks;
    clicks.set(owner.id, entry);
  }
  for (const entry of clicks.values()) entry.clickRate = clickRate(entry.clicks, views);
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

/** what a summary is shaped from: the range, the period before, and the figures read for both */
export interface SummaryInput {
  range: TimeRange;
  before: TimeRange;
  granularity: Granularity;
  current: RangeFigures;
  previous: RangeFigures;
  breakdowns: BreakdownRow[];
  /** per bucket of the zone (its start) */
  series: SeriesRow[];
  /** the distinct visitors who clicked each link target; absent: not read (0) */
  linkVisitors?: ReadonlyMap<string, number>;
  /** UTC unless said */
  timeZone?: string;
  filters?: AnalyticsFilters;
  /** 'previous' unless said */
  comparison?: AnalyticsComparison;
}

export function summaryResponse(input: SummaryInput, linkOwners: LinkOwner[]): VisitSummaryResponse {
  const { range, before, granularity, current, previous, breakdowns, series } = input;
  const timeZone = input.timeZone ?? UTC;
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
    .map((row) => ({
      target: row.value,
      clicks: row.count,
      uniqueClicks: input.linkVisitors?.get(row.value) ?? 0,
      clickRate: clickRate(row.count, totalVisits),
    }));
  const now = periodFigures(range, current);
  const then = periodFigures(before, previous);
  const points = fillSeries(range, granularity, series, timeZone);
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
    visitsByCity: byKey(breakdowns, 'city', null),
    visitsByBrowser: byKey(breakdowns, 'browser', null),
    visitsByUtmSource: byKey(breakdowns, 'utm_source', null),
    visitsByUtmMedium: byKey(breakdowns, 'utm_medium', null),
    visitsByUtmCampaign: byKey(breakdowns, 'utm_campaign', null),
    funnel,
    clicksByLink,
    clicksByBlock: clicksByOwner(clicksByLink, linkOwners, totalVisits),
    comparison: {
      kind: input.comparison ?? 'previous',
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
    timeZone,
    filters: input.filters ?? {},
  };
}

/** a page of `pageSize` rows from up to one more read: the extra row says a next page exists */
export function visitPage(rows: VisitRow[], pageSize: number): VisitPage {
  const page = rows.slice(0, pageSize);
  const last = page[page.length - 1];
  return {
    rows: page,
    nextCursor: rows.length > pageSize && last ? encodeCursor({ ts: last.ts, id: last.id }) : null,
  };
}

export function liveResponse(figures: LiveFigures, now: Date): LiveVisitorsResponse {
  return { windowSeconds: LIVE_WINDOW_MS / 1000, ...figures, asOfUtc: now.toISOString() };
}
