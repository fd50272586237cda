import type { ClickHouseClient } from '@clickhouse/client';
import { EVENT_TYPES } from '@cardcraft/contracts';
import { fromClickHouseTime, toClickHouseTime } from '../../events';
import {
  FUNNEL_STEPS,
  type BreakdownDimension,
  type CardCounts,
  type FunnelStepName,
  type Granularity,
  type SeriesRow,
  type TeamDayFigures,
  type TeamEventRow,
  type TimeRange,
} from '../../ports';
import { forEachRawEvent, RAW_EVENT_COLUMNS } from './raw-event-lines';
import {
  HOUR,
  NO_REQUEST,
  noStepVisitors,
  splitRange,
  VIEW_PAIRS,
  type Params,
  type RawRetention,
} from './sql';

const STEPS = Object.keys(FUNNEL_STEPS) as FunnelStepName[];
/**
 * fewer events than this an hour a card had any, on average: the breakdowns' whole hours are read
 * from the raw events (while the retention keeps them). a raw event cost about 1.5 times a rollup
 * row to read (measured), and an hour's rollup holds up to about 25 rows a card (the values of its
 * views' four dimensions, its link targets)
 */
export const RAW_BREAKDOWNS_BELOW = 12;
const CARDS = 'profile_id IN {cards:Array(String)}';
const at = (name: string) => `{${name}:DateTime64(3, 'UTC')}`;
const typeTest = (types: readonly string[]) => `type IN (${types.map((t) => `'${t}'`).join(', ')})`;

/** a row of a compact answer: its values in the order of the select */
type CompactRow = Array<string | number>;

/** the figures of a day not seen yet: nothing counted */
function emptyTeamDay(): TeamDayFigures {
  return {
    byType: [],
    stepVisitors: noStepVisitors(),
    breakdowns: [],
    cards: new Map(),
    cardLinks: [],
    largestCardUniques: 0,
  };
}

/**
 * the figures of several cards at once (a team's), in the same sql on both transports: whole hours
 * from the rollups, the partial hours at a segment's edges from the raw events. a card's visitor ids
 * are its own, so each card's distinct visitors are counted apart and added up.
 */
export class ClickHouseTeamFigures {
  constructor(
    private readonly client: ClickHouseClient,
    private readonly retention: Pick<RawRetention, 'keptSince'>,
    /** RAW_BREAKDOWNS_BELOW; 0 reads every whole hour from the rollups, Infinity every kept one raw */
    private readonly rawBreakdownsBelow = RAW_BREAKDOWNS_BELOW,
  ) {}

  private async compact(query: string, params: Params): Promise<CompactRow[]> {
    // a team's day has a row per card: arrays parse in about half the time of keyed objects
    const result = await this.client.query({ query, query_params: params, format: 'JSONCompact' });
    return (await result.json<CompactRow>()).data;
  }

  /**
   * per segment, the multiIf that tells a row's segment and the test any of them passes: the rollups'
   * whole hours and the raw events of the partial hours at the edges. with `rawWholeHours`, the whole
   * hours the raw events still hold are read raw too, and the rollups only before the retention
   */
  private segmentTests(segments: TimeRange[], params: Params, rawWholeHours = false) {
    const rollup: string[] = [];
    const raw: string[] = [];
    const kept = this.retention.keptSince();
    const keptHour = kept ? Math.ceil(kept.getTime() / HOUR) * HOUR : -Infinity;
    segments.forEach((segment, n) => {
      const split = splitRange(segment, kept);
      for (const [name, value] of Object.entries(split)) params[`s${n}${name}`] = value;
      const edges = `(ts >= ${at(`s${n}edge1From`)} AND ts < ${at(`s${n}edge1To`)}) OR (ts >= ${at(`s${n}edge2From`)} AND ts < ${at(`s${n}edge2To`)})`;
      if (!rawWholeHours) {
        rollup.push(`hour >= ${at(`s${n}rollupFrom`)} AND hour < ${at(`s${n}rollupTo`)}`);
        raw.push(edges);
        return;
      }
      const from = fromClickHouseTime(String(split.rollupFrom)).getTime();
      const to = fromClickHouseTime(String(split.rollupTo)).getTime();
      const middle = Math.min(Math.max(from, keptHour), to);
      params[`s${n}middle`] = toClickHouseTime(new Date(middle));
      rollup.push(`hour >= ${at(`s${n}rollupFrom`)} AND hour < ${at(`s${n}middle`)}`);
      raw.push(`${edges} OR (ts >= ${at(`s${n}middle`)} AND ts < ${at(`s${n}rollupTo`)})`);
    });
    // segments are disjoint: a row belongs to one at most
    const which = (tests: string[]) =>
      `multiIf(${tests.map((test, i) => `(${test}), ${i}`).join(', ')}, ${NO_REQUEST})`;
    const any = (tests: string[]) => tests.map((test) => `(${test})`).join(' OR ');
    return {
      rollupSegment: which(rollup),
      rollupAny: any(rollup),
      rawSegment: which(raw),
      rawAny: any(raw),
    };
  }

  async teamDailyFigures(
    profileIds: string[],
    segments: TimeRange[],
  ): Promise<Map<number, Map<string, TeamDayFigures>>> {
    const result = new Map<number, Map<string, TeamDayFigures>>();
    if (profileIds.length === 0 || segments.length === 0) return result;
    const params: Params = { cards: profileIds };
    const tests = this.segmentTests(segments, params);
    const dayOf = (segment: number, day: string): TeamDayFigures => {
      const days = result.get(segment) ?? new Map<string, TeamDayFigures>();
      result.set(segment, days);
      const figures = days.get(day) ?? emptyTeamDay();
      days.set(day, figures);
      return figures;
    };
    // per card and day: counts by type, and each step's distinct visitors merged from the hours'
    // states. the types are the ones the api records (EVENT_TYPES): a column each
    const cardRows = await this.compact(
      `SELECT seg, day, profile_id,
              ${EVENT_TYPES.map((type) => `sumIf(events, type = '${type}'), sumIf(authenticated, type = '${type}')`).join(', ')},
              ${STEPS.map((step) => `uniqCombined64MergeIf(visitors, ${typeTest(FUNNEL_STEPS[step])})`).join(', ')}
       FROM (
         SELECT ${tests.rollupSegment} AS seg, toString(toDate(hour)) AS day, profile_id, type,
                toUInt64(events) AS events, toUInt64(authenticated) AS authenticated, visitors
         FROM events_hourly WHERE ${CARDS} AND (${tests.rollupAny})
         UNION ALL
         SELECT ${tests.rawSegment} AS seg, toString(toDate(ts)) AS day, profile_id, type,
                count() AS events, countIf(authenticated = 1) AS authenticated,
                uniqCombined64State(visitor_id) AS visitors
         FROM events WHERE ${CARDS} AND (${tests.rawAny})
         GROUP BY seg, day, profile_id, type
       )
       GROUP BY seg, day, profile_id`,
      params,
    );
    // the events, and the card hours that hold them (at most one an event, 24 a day)
    let events = 0;
    let cardHours = 0;
    for (const row of cardRows) {
      const figures = dayOf(Number(row[0]), String(row[1]));
      const values = row.slice(3).map(Number);
      const dayEvents = EVENT_TYPES.reduce((n, _, t) => n + (values[2 * t] ?? 0), 0);
      events += dayEvents;
      cardHours += Math.min(24, dayEvents);
      EVENT_TYPES.forEach((type, t) => {
        const events = values[2 * t] ?? 0;
        if (events === 0) return;
        const authenticated = values[2 * t + 1] ?? 0;
        const sum = figures.byType.find((r) => r.type === type);
        if (sum) {
          sum.events += events;
          sum.authenticated += authenticated;
        } else figures.byType.push({ type, events, authenticated });
      });
      const uniques = values.slice(2 * EVENT_TYPES.length);
      STEPS.forEach((step, s) => {
        figures.stepVisitors[step] += uniques[s] ?? 0;
        figures.largestCardUniques = Math.max(figures.largestCardUniques, uniques[s] ?? 0);
      });
      const count = (type: string) =>
        values[2 * EVENT_TYPES.indexOf(type as (typeof EVENT_TYPES)[number])] ?? 0;
      const card: CardCounts = {
        visits: count('view'),
        uniqueVisitors: uniques[0] ?? 0,
        saves: count('vcard_saved'),
        messages: count('message_sent'),
      };
      figures.cards.set(String(row[2]), card);
    }
    // the breakdowns of the cards together; link clicks per card too (blocks are a card's own).
    // a breakdown's rollup holds a row per card, hour and value: a team of quiet cards has more of
    // those than events (13 rows an hour for 4.6 events, at 10 million events over 1000 cards, where
    // the raw events were read in half the time); busy cards' hours are read from the rollups
    const rawWholeHours = events < this.rawBreakdownsBelow * cardHours;
    const byRaw = rawWholeHours ? this.segmentTests(segments, params, true) : tests;
    const breakdownRows = await this.compact(
      `SELECT seg, day, card, dim, value, sum(events)
       FROM (
         SELECT ${byRaw.rollupSegment} AS seg, toString(toDate(hour)) AS day,
                if(dimension = 'link', profile_id, '') AS card, toString(dimension) AS dim, value,
                toUInt64(events) AS events
         FROM breakdown_hourly WHERE ${CARDS} AND (${byRaw.rollupAny})
         UNION ALL
         SELECT ${byRaw.rawSegment} AS seg, toString(toDate(ts)) AS day, '' AS card,
                pair.1 AS dim, pair.2 AS value, count() AS events
         FROM events ARRAY JOIN ${VIEW_PAIRS} AS pair
         WHERE ${CARDS} AND (${byRaw.rawAny}) AND type = 'view'
         GROUP BY seg, day, dim, value
         UNION ALL
         SELECT ${byRaw.rawSegment} AS seg, toString(toDate(ts)) AS day, profile_id AS card, 'link' AS dim,
                target AS value, count() AS events
         FROM events WHERE ${CARDS} AND (${byRaw.rawAny}) AND type = 'link_clicked'
         GROUP BY seg, day, card, value
       )
       GROUP BY seg, day, card, dim, value`,
      params,
    );
    const sums = new Map<
      TeamDayFigures,
      Map<string, { dimension: BreakdownDimension; value: string; count: number }>
    >();
    for (const [seg, day, card, dimension, value, n] of breakdownRows) {
      const figures = dayOf(Number(seg), String(day));
      const count = Number(n);
      if (card !== '')
        figures.cardLinks.push({ profileId: String(card), target: String(value), clicks: count });
      // link rows come per card: the day's row of a target adds them up
      const rows = sums.get(figures) ?? new Map();
      sums.set(figures, rows);
      const key = `${String(dimension)}\u0000${String(value)}`;
      const sum = rows.get(key);
      if (sum) sum.count += count;
      else rows.set(key, { dimension: String(dimension) as BreakdownDimension, value: String(value), count });
    }
    for (const [figures, rows] of sums) figures.breakdowns = [...rows.values()];
    for (const days of result.values())
      for (const figures of days.values()) figures.byType.sort((a, b) => a.type.localeCompare(b.type));
    return result;
  }

  async teamSeries(profileIds: string[], range: TimeRange, granularity: Granularity): Promise<SeriesRow[]> {
    if (profileIds.length === 0) return [];
    const params: Params = { cards: profileIds };
    const tests = this.segmentTests([range], params);
    const ofHour =
      granularity === 'hour' ? "toDateTime(hour, 'UTC')" : "toDateTime(toStartOfDay(hour), 'UTC')";
    const ofTs =
      granularity === 'hour' ? "toDateTime(toStartOfHour(ts), 'UTC')" : "toDateTime(toStartOfDay(ts), 'UTC')";
    const rows = await this.compact(
      `SELECT formatDateTime(b, '%Y-%m-%d %H:%i:%S', 'UTC'), sum(visits), sum(uniq)
       FROM (
         SELECT b, profile_id, sum(events) AS visits, uniqCombined64Merge(visitors) AS uniq
         FROM (
           SELECT ${ofHour} AS b, profile_id, toUInt64(events) AS events, visitors
           FROM events_hourly WHERE ${CARDS} AND (${tests.rollupAny}) AND type = 'view'
           UNION ALL
           SELECT ${ofTs} AS b, profile_id, count() AS events, uniqCombined64State(visitor_id) AS visitors
           FROM events WHERE ${CARDS} AND (${tests.rawAny}) AND type = 'view' GROUP BY b, profile_id
         )
         GROUP BY b, profile_id
       )
       GROUP BY b ORDER BY b`,
      params,
    );
    return rows.map(([bucket, visits, uniq]) => ({
      bucket: fromClickHouseTime(String(bucket)),
      visits: Number(visits),
      uniqueVisitors: Number(uniq),
    }));
  }

  async teamRawEvents(profileIds: string[], ranges: TimeRange[], limit: number): Promise<TeamEventRow[][]> {
    const result: TeamEventRow[][] = ranges.map(() => []);
    if (profileIds.length === 0 || ranges.length === 0) return result;
    const params: Params = { cards: profileIds, limit: limit + 1 };
    const tests = ranges.map((range, n) => {
      params[`r${n}from`] = toClickHouseTime(range.from);
      params[`r${n}to`] = toClickHouseTime(range.to);
      return `ts >= ${at(`r${n}from`)} AND ts <= ${at(`r${n}to`)}`;
    });
    // one line a row: a team's day is a hundred thousand rows and more, parsed a slice at a time so
    // the requests of visitors are answered meanwhile
    const query = await this.client.query({
      query: `SELECT multiIf(${tests.map((test, n) => `${test}, ${n}`).join(', ')}, ${NO_REQUEST}) AS r,
                profile_id, ${RAW_EVENT_COLUMNS}
         FROM events WHERE ${CARDS} AND (${tests.map((test) => `(${test})`).join(' OR ')})
         ORDER BY ts, profile_id
         LIMIT {limit:UInt32} BY r`,
      query_params: params,
      format: 'JSONCompactEachRow',
    });
    const text = await query.text();
    await forEachRawEvent(text, 2, ([n, profileId], event) => {
      result[Number(n)]?.push({ profileId: profileId as string, ...event });
    });
    return result;
  }
}
