import type { ClickHouseClient } from '@clickhouse/client';
import { toClickHouseTime } from '../../events';
import { FUNNEL_STEPS, VIEW_DIMENSIONS, type FunnelStepName, type TimeRange } from '../../ports';

// the same sql runs on a ClickHouse server and on chdb; values are always bound, never spliced

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

export type Params = Record<string, string | number | string[] | number[]>;

export const VIEWS_IN_RANGE = `profile_id = {profileId:String}
  AND ts >= {from:DateTime64(3, 'UTC')} AND ts <= {to:DateTime64(3, 'UTC')}`;

// the rollups hold whole hours; the partial hours at a range's edges come from the raw events, so a
// range is counted exactly whatever its bounds. both edges are half-open intervals ([x, x) is empty).
export const ROLLUP_HOURS = `profile_id = {profileId:String}
  AND hour >= {rollupFrom:DateTime64(3, 'UTC')} AND hour < {rollupTo:DateTime64(3, 'UTC')}`;
export const RAW_EDGES = `profile_id = {profileId:String}
  AND ((ts >= {edge1From:DateTime64(3, 'UTC')} AND ts < {edge1To:DateTime64(3, 'UTC')})
    OR (ts >= {edge2From:DateTime64(3, 'UTC')} AND ts < {edge2To:DateTime64(3, 'UTC')}))`;

/** a view's (dimension, value) pairs */
export const VIEW_PAIRS = `[${VIEW_DIMENSIONS.map(([dimension]) => `('${dimension}', toString(${dimension}))`).join(', ')}]`;

/** the same pairs the breakdown view writes (005-more-breakdowns.sql) */
export const BREAKDOWN_PAIRS = `multiIf(
    type = 'view',
    ${VIEW_PAIRS},
    type = 'link_clicked',
    [('link', target)],
    CAST([], 'Array(Tuple(String, String))'))`;

export const STEP_OF_TYPE = `multiIf(${Object.entries(FUNNEL_STEPS)
  .map(([step, types]) => `type IN (${types.map((t) => `'${t}'`).join(', ')}), '${step}'`)
  .join(', ')}, '')`;

/** requests of a grouped read at most: the sql grows with each */
export const MAX_GROUP = 16;
/** the row number a multiIf gives a row that matched no request (never returned: the WHERE is theirs) */
export const NO_REQUEST = 65535;

/** every funnel step at no visitors */
export function noStepVisitors(): Record<FunnelStepName, number> {
  return Object.fromEntries(Object.keys(FUNNEL_STEPS).map((step) => [step, 0])) as Record<
    FunnelStepName,
    number
  >;
}

export function rangeParams(profileId: string, range: TimeRange): Params {
  return { profileId, from: toClickHouseTime(range.from), to: toClickHouseTime(range.to) };
}

/**
 * splits an inclusive range into whole hours (rollups) and the partial hours at its edges (raw
 * events). an edge older than the raw events' retention is read from its hour's rollup whole: its raw
 * rows may be gone, and the hour is the finest the rollups know.
 */
export function splitRange(range: TimeRange, rawKeptSince: Date | null): Params {
  const from = range.from.getTime();
  const end = range.to.getTime() + 1;
  const kept = rawKeptSince?.getTime() ?? -Infinity;
  let rollupFrom = Math.ceil(from / HOUR) * HOUR;
  let rollupTo = Math.floor(end / HOUR) * HOUR;
  if (from < kept) rollupFrom = Math.floor(from / HOUR) * HOUR;
  if (end <= kept) rollupTo = Math.ceil(end / HOUR) * HOUR;
  const time = (ms: number) => toClickHouseTime(new Date(ms));
  if (rollupFrom >= rollupTo) {
    // within one hour: all of it from the raw events
    return {
      rollupFrom: time(from),
      rollupTo: time(from),
      edge1From: time(from),
      edge1To: time(end),
      edge2From: time(end),
      edge2To: time(end),
    };
  }
  return {
    rollupFrom: time(rollupFrom),
    rollupTo: time(rollupTo),
    edge1From: time(from),
    edge1To: time(Math.max(from, rollupFrom)),
    edge2From: time(Math.min(rollupTo, end)),
    edge2To: time(end),
  };
}

/** a query's rows */
export async function queryRows<T>(client: ClickHouseClient, query: string, params: Params): Promise<T[]> {
  // one JSON document parsed at once: the client parses a row format line by line through a
  // stream, which cost more than the query's own reading on a dashboard's small answers
  const result = await client.query({ query, query_params: params, format: 'JSON' });
  return (await result.json<T>()).data;
}

/** how long raw events are kept, shared by the reads (which edges they can count raw) and the eraser */
export class RawRetention {
  /** days (null: for ever), as the last applyRetention set */
  days: number | null = null;

  keptSince(): Date | null {
    return this.days === null ? null : new Date(Date.now() - this.days * DAY);
  }
}

/**
 * buckets (each one's start, then the last one's end, in ms) as the tests a query numbers its rows by:
 * each bucket's whole UTC hours read from a rollup (`hour`), the parts of hours it starts or ends
 * inside (a half-hour zone's midnight, a range's edge) from the raw events (`ts`). `rollupBucket` and
 * `rawBucket` give a row its bucket's index (NO_REQUEST: none), `inRollup` and `inRaw` keep the rows
 * of any bucket; a side without tests is ''. the times go into `params`
 */
export function bucketTests(
  bucketStarts: number[],
  params: Params,
): { rollupBucket: string; inRollup: string; rawBucket: string; inRaw: string } {
  const time = (name: string, ms: number) => {
    params[name] = toClickHouseTime(new Date(ms));
    return `{${name}:DateTime64(3, 'UTC')}`;
  };
  const rollup: Array<[string, number]> = [];
  const raw: Array<[string, number]> = [];
  for (let b = 0; b + 1 < bucketStarts.length; b++) {
    const start = bucketStarts[b] as number;
    const end = bucketStarts[b + 1] as number;
    const wholeFrom = Math.ceil(start / HOUR) * HOUR;
    const wholeTo = Math.floor(end / HOUR) * HOUR;
    if (wholeFrom < wholeTo) {
      rollup.push([`hour >= ${time(`h${b}f`, wholeFrom)} AND hour < ${time(`h${b}t`, wholeTo)}`, b]);
      if (start < wholeFrom)
        raw.push([`ts >= ${time(`r${b}a`, start)} AND ts < ${time(`r${b}b`, wholeFrom)}`, b]);
      if (wholeTo < end) raw.push([`ts >= ${time(`r${b}c`, wholeTo)} AND ts < ${time(`r${b}d`, end)}`, b]);
    } else {
      raw.push([`ts >= ${time(`r${b}a`, start)} AND ts < ${time(`r${b}b`, end)}`, b]);
    }
  }
  const which = (tests: Array<[string, number]>) =>
    `multiIf(${tests.map(([test, b]) => `${test}, ${b}`).join(', ')}, ${NO_REQUEST})`;
  const anyOf = (tests: Array<[string, number]>) => tests.map(([test]) => `(${test})`).join(' OR ');
  return {
    rollupBucket: rollup.length > 0 ? which(rollup) : '',
    inRollup: rollup.length > 0 ? anyOf(rollup) : '',
    rawBucket: raw.length > 0 ? which(raw) : '',
    inRaw: raw.length > 0 ? anyOf(raw) : '',
  };
}

/**
 * closed intervals, each inside one UTC day and none overlapping another, as the expression that
 * gives a row's `ts` its interval's index (NO_REQUEST: none) and the test that keeps the rows of any
 * of them. a multiIf of a test per interval costs a comparison per interval per row: over 90 days of
 * a card it took three times the rest of the query. here the row's UTC day finds its day's interval
 * in a lookup and the interval's bounds are checked once; a day with several intervals puts them in
 * layers, one a day each. intervals that do not fit those terms get the multiIf. the keeping test
 * joins adjacent intervals into runs, so the index reads the same spans with fewer tests a row
 */
export function intervalSegments(
  intervals: TimeRange[],
  params: Params,
  prefix: string,
): { segment: string; within: string } {
  const time = (ms: number) => toClickHouseTime(new Date(ms));
  const order = intervals
    .map((interval, i) => ({ from: interval.from.getTime(), to: interval.to.getTime(), i }))
    .sort((a, b) => a.from - b.from);
  const runs: Array<[number, number]> = [];
  for (const { from, to } of order) {
    const run = runs[runs.length - 1];
    if (run && from <= run[1] + 1) run[1] = Math.max(run[1], to);
    else runs.push([from, to]);
  }
  const within = runs
    .map(([from, to], r) => {
      params[`${prefix}r${r}f`] = time(from);
      params[`${prefix}r${r}t`] = time(to);
      return `(ts >= {${prefix}r${r}f:DateTime64(3, 'UTC')} AND ts <= {${prefix}r${r}t:DateTime64(3, 'UTC')})`;
    })
    .join(' OR ');
  const oneDayEach = order.every(({ from, to }) => Math.floor(from / DAY) === Math.floor(to / DAY));
  const disjoint = order.every((interval, n) => n === 0 || interval.from > (order[n - 1]?.to as number));
  if (!oneDayEach || !disjoint || intervals.length >= NO_REQUEST) {
    const tests = intervals.map((interval, i) => {
      params[`${prefix}${i}f`] = time(interval.from.getTime());
      params[`${prefix}${i}t`] = time(interval.to.getTime());
      return `ts >= {${prefix}${i}f:DateTime64(3, 'UTC')} AND ts <= {${prefix}${i}t:DateTime64(3, 'UTC')}`;
    });
    return {
      segment: `multiIf(${tests.map((test, i) => `${test}, ${i}`).join(', ')}, ${NO_REQUEST})`,
      within,
    };
  }
  // layer k holds the k-th interval of each day
  const layers: Array<{ days: number[]; indexes: number[] }> = [];
  const perDay = new Map<number, number>();
  for (const { from, i } of order) {
    const day = Math.floor(from / DAY);
    const k = perDay.get(day) ?? 0;
    perDay.set(day, k + 1);
    const layer = layers[k] ?? (layers[k] = { days: [], indexes: [] });
    layer.days.push(day);
    layer.indexes.push(i);
  }
  params[`${prefix}from`] = intervals.map((interval) => time(interval.from.getTime()));
  params[`${prefix}to`] = intervals.map((interval) => time(interval.to.getTime()));
  const day = `toUInt32(intDiv(toUnixTimestamp64Milli(ts), ${DAY}))`;
  const cases = layers.map((layer, k) => {
    params[`${prefix}l${k}d`] = layer.days;
    params[`${prefix}l${k}i`] = layer.indexes;
    const index = `transform(${day}, {${prefix}l${k}d:Array(UInt32)}, {${prefix}l${k}i:Array(UInt32)}, toUInt32(${NO_REQUEST}))`;
    const inside =
      `ts >= arrayElement({${prefix}from:Array(DateTime64(3, 'UTC'))}, ${index} + 1) AND ` +
      `ts <= arrayElement({${prefix}to:Array(DateTime64(3, 'UTC'))}, ${index} + 1)`;
    return `${inside}, ${index}`;
  });
  return { segment: `multiIf(${cases.join(', ')}, toUInt32(${NO_REQUEST}))`, within };
}
