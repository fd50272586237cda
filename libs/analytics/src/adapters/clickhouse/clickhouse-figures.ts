import type { ClickHouseClient } from '@clickhouse/client';
import { fromClickHouseTime, toClickHouseTime } from '../../events';
import {
  type BreakdownDimension,
  type BreakdownRow,
  type DayFigures,
  type DayOutline,
  type FunnelStepName,
  type Granularity,
  type RangeFigures,
  type SeriesRow,
  type TimeRange,
} from '../../ports';
import { readsOfCards, type CoalescedReads } from './coalesced-reads';
import {
  BREAKDOWN_PAIRS,
  HOUR,
  MAX_GROUP,
  NO_REQUEST,
  RAW_EDGES,
  ROLLUP_HOURS,
  STEP_OF_TYPE,
  noStepVisitors,
  queryRows,
  splitRange,
  type Params,
  type RawRetention,
} from './sql';

/** one card's daily figures: per segment (its index), per UTC day */
type DailyFigures = Map<number, Map<string, DayFigures>>;

interface DailyFiguresRead {
  profileId: string;
  segments: TimeRange[];
}

/**
 * the dashboard's counts: whole hours from the rollups, the partial hours at a range's edges from the
 * raw events
 */
export class ClickHouseFigures {
  private readonly dailyReads: CoalescedReads<DailyFiguresRead, DailyFigures>;

  constructor(
    private readonly client: ClickHouseClient,
    private readonly retention: RawRetention,
    /** groups read at once: 1 for chdb (one at a time, the next one gathering what arrives meanwhile) */
    readGroupsAtOnce: number,
  ) {
    // two reads of one card could have overlapping segments, and a row counts in one segment only
    this.dailyReads = readsOfCards(
      (reads) => this.readDailyFigures(reads),
      () => new Map(),
      readGroupsAtOnce,
      MAX_GROUP,
    );
  }

  private split(profileId: string, range: TimeRange): Params {
    return { profileId, ...splitRange(range, this.retention.keptSince()) };
  }

  private rows<T>(query: string, params: Params): Promise<T[]> {
    return queryRows<T>(this.client, query, params);
  }

  async figures(profileId: string, range: TimeRange): Promise<RangeFigures> {
    const rows = await this.rows<{
      type: string;
      step: string;
      events: string;
      authenticated: string;
      visitors: string;
    }>(
      `SELECT toString(type) AS type, ${STEP_OF_TYPE} AS step,
              sum(events) AS events, sum(authenticated) AS authenticated,
              uniqCombined64Merge(visitors) AS visitors
       FROM (
         SELECT type, toUInt64(events) AS events, toUInt64(authenticated) AS authenticated, visitors
         FROM events_hourly WHERE ${ROLLUP_HOURS}
         UNION ALL
         SELECT type, count() AS events, countIf(authenticated = 1) AS authenticated,
                uniqCombined64State(visitor_id) AS visitors
         FROM events WHERE ${RAW_EDGES} GROUP BY type
       )
       GROUP BY GROUPING SETS ((type), (step))`,
      this.split(profileId, range),
    );
    const stepVisitors = noStepVisitors();
    const byType = [];
    for (const row of rows) {
      // a grouping set leaves the other key empty: a type row or a step row
      if (row.type) {
        byType.push({
          type: row.type,
          events: Number(row.events),
          authenticated: Number(row.authenticated),
          visitors: Number(row.visitors),
        });
      } else if (row.step in stepVisitors) {
        stepVisitors[row.step as FunnelStepName] = Number(row.visitors);
      }
    }
    byType.sort((a, b) => a.type.localeCompare(b.type));
    return { byType, stepVisitors };
  }

  async breakdowns(profileId: string, range: TimeRange): Promise<BreakdownRow[]> {
    const rows = await this.rows<{ dimension: string; value: string; count: string }>(
      `SELECT toString(dimension) AS dimension, value, sum(events) AS count
       FROM (
         SELECT dimension, value, toUInt64(events) AS events FROM breakdown_hourly WHERE ${ROLLUP_HOURS}
         UNION ALL
         SELECT pair.1 AS dimension, pair.2 AS value, count() AS events
         FROM events ARRAY JOIN ${BREAKDOWN_PAIRS} AS pair
         WHERE ${RAW_EDGES} AND type IN ('view', 'link_clicked')
         GROUP BY dimension, value
       )
       GROUP BY dimension, value
       ORDER BY dimension, count DESC, value ASC
       LIMIT 100 BY dimension`,
      this.split(profileId, range),
    );
    return rows.map((r) => ({
      dimension: r.dimension as BreakdownDimension,
      value: r.value,
      count: Number(r.count),
    }));
  }

  async series(profileId: string, range: TimeRange, granularity: Granularity): Promise<SeriesRow[]> {
    const ofHour =
      granularity === 'hour' ? "toDateTime(hour, 'UTC')" : "toDateTime(toStartOfDay(hour), 'UTC')";
    const ofTs =
      granularity === 'hour' ? "toDateTime(toStartOfHour(ts), 'UTC')" : "toDateTime(toStartOfDay(ts), 'UTC')";
    const rows = await this.rows<{ bucket: string; visits: string; uniq: string }>(
      `SELECT formatDateTime(b, '%Y-%m-%d %H:%i:%S', 'UTC') AS bucket,
              sum(events) AS visits, uniqCombined64Merge(visitors) AS uniq
       FROM (
         SELECT ${ofHour} AS b, toUInt64(events) AS events, visitors
         FROM events_hourly WHERE ${ROLLUP_HOURS} AND type = 'view'
         UNION ALL
         SELECT ${ofTs} AS b, count() AS events, uniqCombined64State(visitor_id) AS visitors
         FROM events WHERE ${RAW_EDGES} AND type = 'view' GROUP BY b
       )
       GROUP BY b ORDER BY b`,
      this.split(profileId, range),
    );
    return rows.map((r) => ({
      bucket: fromClickHouseTime(r.bucket),
      visits: Number(r.visits),
      uniqueVisitors: Number(r.uniq),
    }));
  }

  dailyFigures(profileId: string, segments: TimeRange[]): Promise<DailyFigures> {
    if (segments.length === 0) return Promise.resolve(new Map());
    return this.dailyReads.read({ profileId, segments });
  }

  /**
   * the figures of each day of several cards' segments in one query: per request, per segment, per
   * day. a segment's whole hours come from the rollups, its partial hours from the raw events
   */
  private async readDailyFigures(reads: DailyFiguresRead[]): Promise<DailyFigures[]> {
    const params: Params = {};
    const rollupTests: string[] = [];
    const rawTests: string[] = [];
    // per segment number in the query: the request and its own segment number
    const owner: Array<{ read: number; segment: number }> = [];
    reads.forEach((read, r) => {
      params[`p${r}`] = read.profileId;
      read.segments.forEach((segment, i) => {
        const n = owner.length;
        owner.push({ read: r, segment: i });
        for (const [name, value] of Object.entries(splitRange(segment, this.retention.keptSince())))
          params[`s${n}${name}`] = value;
        const at = (name: string) => `{s${n}${name}:DateTime64(3, 'UTC')}`;
        const card = `profile_id = {p${r}:String}`;
        rollupTests.push(`${card} AND hour >= ${at('rollupFrom')} AND hour < ${at('rollupTo')}`);
        rawTests.push(
          `${card} AND ((ts >= ${at('edge1From')} AND ts < ${at('edge1To')}) OR (ts >= ${at('edge2From')} AND ts < ${at('edge2To')}))`,
        );
      });
    });
    // a request's segments are disjoint, and a group holds one request a card: a row belongs to one
    // segment at most
    const segmentOf = (tests: string[]) =>
      `multiIf(${tests.map((test, i) => `${test}, ${i}`).join(', ')}, ${NO_REQUEST})`;
    const anyOf = (tests: string[]) => tests.map((test) => `(${test})`).join(' OR ');
    const rows = await this.rows<{
      seg: number | string;
      day: string;
      kind: 'type' | 'step' | 'breakdown';
      k1: string;
      k2: string;
      n: string;
      auth: string;
      visitors: string;
    }>(
      `WITH typed AS (
         SELECT ${segmentOf(rollupTests)} AS seg, toString(toDate(hour)) AS day, type,
                toUInt64(events) AS events, toUInt64(authenticated) AS authenticated, visitors
         FROM events_hourly WHERE ${anyOf(rollupTests)}
         UNION ALL
         SELECT ${segmentOf(rawTests)} AS seg, toString(toDate(ts)) AS day, type,
                count() AS events, countIf(authenticated = 1) AS authenticated,
                uniqCombined64State(visitor_id) AS visitors
         FROM events WHERE ${anyOf(rawTests)}
         GROUP BY seg, day, type
       )
       SELECT seg, day, 'type' AS kind, toString(type) AS k1, '' AS k2,
              sum(events) AS n, sum(authenticated) AS auth, toUInt64(0) AS visitors
       FROM typed GROUP BY seg, day, type
       UNION ALL
       SELECT seg, day, 'step' AS kind, ${STEP_OF_TYPE} AS k1, '' AS k2,
              toUInt64(0) AS n, toUInt64(0) AS auth, uniqCombined64Merge(visitors) AS visitors
       FROM typed GROUP BY seg, day, k1
       UNION ALL
       SELECT seg, day, 'breakdown' AS kind, dimension AS k1, value AS k2,
              sum(events) AS n, toUInt64(0) AS auth, toUInt64(0) AS visitors
       FROM (
         SELECT ${segmentOf(rollupTests)} AS seg, toString(toDate(hour)) AS day, toString(dimension) AS dimension,
                value, toUInt64(events) AS events
         FROM breakdown_hourly WHERE ${anyOf(rollupTests)}
         UNION ALL
         SELECT ${segmentOf(rawTests)} AS seg, toString(toDate(ts)) AS day, pair.1 AS dimension, pair.2 AS value,
                count() AS events
         FROM events ARRAY JOIN ${BREAKDOWN_PAIRS} AS pair
         WHERE (${anyOf(rawTests)}) AND type IN ('view', 'link_clicked')
         GROUP BY seg, day, dimension, value
       )
       GROUP BY seg, day, dimension, value`,
      params,
    );
    const results: DailyFigures[] = reads.map(() => new Map());
    for (const row of rows) {
      const at = owner[Number(row.seg)];
      if (!at) continue;
      const result = results[at.read] as DailyFigures;
      const days = result.get(at.segment) ?? new Map<string, DayFigures>();
      result.set(at.segment, days);
      const day = days.get(row.day) ?? { byType: [], stepVisitors: noStepVisitors(), breakdowns: [] };
      days.set(row.day, day);
      if (row.kind === 'type') {
        day.byType.push({ type: row.k1, events: Number(row.n), authenticated: Number(row.auth) });
      } else if (row.kind === 'step') {
        if (row.k1 in day.stepVisitors) day.stepVisitors[row.k1 as FunnelStepName] = Number(row.visitors);
      } else {
        day.breakdowns.push({ dimension: row.k1 as BreakdownDimension, value: row.k2, count: Number(row.n) });
      }
    }
    return results;
  }

  /**
   * per range: the whole hours' counts from the rollups (no visitor states: those are what cost) and
   * each step's distinct visitors with their first and last event, from the raw events
   */
  async dayOutlines(profileId: string, ranges: TimeRange[]): Promise<DayOutline[]> {
    const outlines: DayOutline[] = ranges.map(() => ({ hours: [], visitors: [] }));
    if (ranges.length === 0) return outlines;
    const params: Params = { profileId };
    const hourTests: string[] = [];
    const rawTests: string[] = [];
    ranges.forEach((range, i) => {
      const from = range.from.getTime();
      const end = range.to.getTime() + 1;
      params[`h${i}from`] = toClickHouseTime(new Date(Math.ceil(from / HOUR) * HOUR));
      params[`h${i}to`] = toClickHouseTime(new Date(Math.floor(end / HOUR) * HOUR));
      params[`r${i}from`] = toClickHouseTime(range.from);
      params[`r${i}to`] = toClickHouseTime(range.to);
      hourTests.push(`hour >= {h${i}from:DateTime64(3, 'UTC')} AND hour < {h${i}to:DateTime64(3, 'UTC')}`);
      rawTests.push(`ts >= {r${i}from:DateTime64(3, 'UTC')} AND ts <= {r${i}to:DateTime64(3, 'UTC')}`);
    });
    const which = (tests: string[]) =>
      `multiIf(${tests.map((test, i) => `${test}, ${i}`).join(', ')}, ${NO_REQUEST})`;
    const anyOf = (tests: string[]) => tests.map((test) => `(${test})`).join(' OR ');
    const hours = await this.rows<{
      r: number;
      kind: string;
      at: number;
      k1: string;
      k2: string;
      n: string;
      auth: string;
    }>(
      `SELECT ${which(hourTests)} AS r, 'type' AS kind, toFloat64(toUnixTimestamp(hour)) * 1000 AS at,
              toString(type) AS k1, '' AS k2, sum(events) AS n, sum(authenticated) AS auth
       FROM events_hourly WHERE profile_id = {profileId:String} AND (${anyOf(hourTests)})
       GROUP BY r, hour, type
       UNION ALL
       SELECT ${which(hourTests)} AS r, 'breakdown' AS kind, toFloat64(toUnixTimestamp(hour)) * 1000 AS at,
              toString(dimension) AS k1, value AS k2, sum(events) AS n, toUInt64(0) AS auth
       FROM breakdown_hourly WHERE profile_id = {profileId:String} AND (${anyOf(hourTests)})
       GROUP BY r, hour, dimension, value`,
      params,
    );
    const visitors = await this.rows<{
      r: number;
      step: string;
      ids: string[];
      first: number[];
      last: number[];
    }>(
      `SELECT r, step, groupArray(visitor_id) AS ids, groupArray(first) AS first, groupArray(last) AS last
       FROM (
         SELECT ${which(rawTests)} AS r, ${STEP_OF_TYPE} AS step, visitor_id,
                toFloat64(toUnixTimestamp64Milli(min(ts))) AS first, toFloat64(toUnixTimestamp64Milli(max(ts))) AS last
         FROM events WHERE profile_id = {profileId:String} AND (${anyOf(rawTests)})
         GROUP BY r, step, visitor_id
       )
       WHERE step != ''
       GROUP BY r, step`,
      params,
    );
    const byHour = new Map<string, DayOutline['hours'][number]>();
    for (const row of hours) {
      const outline = outlines[Number(row.r)];
      if (!outline) continue;
      const key = `${row.r}\u0000${row.at}`;
      let hour = byHour.get(key);
      if (!hour) {
        hour = { hour: Number(row.at), byType: [], breakdowns: [] };
        byHour.set(key, hour);
        outline.hours.push(hour);
      }
      if (row.kind === 'type')
        hour.byType.push({ type: row.k1, events: Number(row.n), authenticated: Number(row.auth) });
      else
        hour.breakdowns.push({
          dimension: row.k1 as BreakdownDimension,
          value: row.k2,
          count: Number(row.n),
        });
    }
    for (const row of visitors) {
      const outline = outlines[Number(row.r)];
      if (outline && row.step in noStepVisitors())
        outline.visitors.push({
          step: row.step as FunnelStepName,
          ids: row.ids,
          first: row.first,
          last: row.last,
        });
    }
    return outlines;
  }
}
