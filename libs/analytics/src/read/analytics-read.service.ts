import {
  ANALYTICS_MAX_RANGE_DAYS,
  type EventType,
  type TimeSeriesPoint,
  type VisitSummaryResponse,
} from '@cardcraft/contracts';
import type { AnalyticsStore, Granularity, TimeRange, VisitCursor, VisitRow } from '../ports';

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

/** the dashboard's reads: one store query per widget, the figures shaped as the contracts say */
export class AnalyticsReadService {
  constructor(private readonly store: AnalyticsStore) {}

  async summary(profileId: string, range: TimeRange): Promise<VisitSummaryResponse> {
    const granularity = granularityOf(range);
    const [totals, countries, devices, referrers, engagement, series] = await Promise.all([
      this.store.totals(profileId, range),
      this.store.visitsBy(profileId, range, 'country'),
      this.store.visitsBy(profileId, range, 'device'),
      this.store.visitsBy(profileId, range, 'referrer_host'),
      this.store.engagement(profileId, range),
      this.store.series(profileId, range, granularity),
    ]);
    const visitsByCountry: Record<string, number> = {};
    for (const row of countries) if (row.key) visitsByCountry[row.key] = row.count;
    const visitsByDevice: Record<string, number> = {};
    for (const row of devices) if (row.key) visitsByDevice[row.key] = row.count;
    const visitsByReferrer: Record<string, number> = {};
    for (const row of referrers) {
      const key = row.key || DIRECT_REFERRER;
      visitsByReferrer[key] = (visitsByReferrer[key] ?? 0) + row.count;
    }
    const engagementCounts: Partial<Record<EventType, number>> = {};
    for (const row of engagement) engagementCounts[row.key as EventType] = row.count;
    return {
      totalVisits: totals.totalVisits,
      uniqueVisitors: totals.uniqueVisitors,
      authenticatedVisits: totals.authenticatedVisits,
      guestVisits: totals.totalVisits - totals.authenticatedVisits,
      visitsByCountry,
      visitsByDevice,
      visitsByReferrer,
      engagement: engagementCounts,
      timeSeries: { granularity, points: fillSeries(range, granularity, series) },
    };
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
