import { Readable } from 'node:stream';
import type { ClickHouseClient } from '@clickhouse/client';
import { EVENT_COLUMNS, EVENT_ROWS_FORMAT, EventRows, eventRowsOf } from '../../enrichment/event-rows';
import { fromClickHouseTime, toClickHouseTime, type StoredEvent } from '../../events';
import {
  FUNNEL_STEPS,
  type AnalyticsStore,
  type BreakdownDimension,
  type BreakdownRow,
  type DayEventRow,
  type DayFigures,
  type FunnelStepName,
  type Granularity,
  type LiveFigures,
  type RangeFigures,
  type SeriesRow,
  type TimeRange,
  type VisitCursor,
  type VisitRow,
} from '../../ports';
import { EventLoopSlices } from '../../event-loop';
import { LruCache } from '../../lru-cache';
import { openClickHouse, type ClickHouseTransport, type OpenedClickHouse } from './clickhouse-client';
import { CoalescedReads } from './coalesced-reads';
import { DEFAULT_MIGRATIONS_DIR, pendingMigrations, runMigrations } from './migrations';

// the same sql runs on a ClickHouse server and on chdb; values are always bound, never spliced
const VIEWS_IN_RANGE = `profile_id = {profileId:String}
  AND ts >= {from:DateTime64(3, 'UTC')} AND ts <= {to:DateTime64(3, 'UTC')}`;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** cards whose write version is remembered (the most recently written) */
const WRITE_VERSION_CARDS = 100_000;
/** a card's last writes whose rows are held, and for how long */
const WRITE_LOG_ENTRIES = 64;
const WRITE_LOG_MS = 60_000;
/** batch ids remembered as stored */
const STORED_BATCHES = 5000;

interface WriteLogEntry {
  version: number;
  /** the card's version before this write */
  after: number;
  /** the rows written, and the views among them; null when not known (an erase, a failed insert) */
  rows: WrittenRows | null;
  at: number;
}

interface WrittenRows {
  events: DayEventRow[];
  views: VisitRow[];
}

const UUID_V7 = /^([0-9a-f]{8})-([0-9a-f]{4})-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

/**
 * whether a batch id is a uuid v7 (the producer's) made at or after `ms`. for batches inserted
 * together, pass the first one's (EventRows.firstBatchId): the others were queued after it
 */
function madeAfter(batchId: string, ms: number): boolean {
  const match = UUID_V7.exec(batchId);
  return match ? parseInt(`${match[1]}${match[2]}`, 16) >= ms : false;
}

/** cards whose last page's reach is remembered (the most recently read) */
const PAGE_REACH_CARDS = 10_000;

// the rollups hold whole hours; the partial hours at a range's edges come from the raw events, so a
// range is counted exactly whatever its bounds. both edges are half-open intervals ([x, x) is empty).
const ROLLUP_HOURS = `profile_id = {profileId:String}
  AND hour >= {rollupFrom:DateTime64(3, 'UTC')} AND hour < {rollupTo:DateTime64(3, 'UTC')}`;
const RAW_EDGES = `profile_id = {profileId:String}
  AND ((ts >= {edge1From:DateTime64(3, 'UTC')} AND ts < {edge1To:DateTime64(3, 'UTC')})
    OR (ts >= {edge2From:DateTime64(3, 'UTC')} AND ts < {edge2To:DateTime64(3, 'UTC')}))`;

/** the same pairs the breakdown view writes (004-rollups.sql) */
const BREAKDOWN_PAIRS = `multiIf(
    type = 'view',
    [('country', toString(country)), ('device', toString(device)),
     ('referrer_host', toString(referrer_host)), ('channel', toString(channel))],
    type = 'link_clicked',
    [('link', target)],
    CAST([], 'Array(Tuple(String, String))'))`;

const STEP_OF_TYPE = `multiIf(${Object.entries(FUNNEL_STEPS)
  .map(([step, types]) => `type IN (${types.map((t) => `'${t}'`).join(', ')}), '${step}'`)
  .join(', ')}, '')`;

type Params = Record<string, string | number | string[]>;

function rangeParams(profileId: string, range: TimeRange): Params {
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

export interface ClickHouseStoreOptions {
  transport: ClickHouseTransport;
  migrationsDir?: string;
  /**
   * run a summary's queries at once. true over http (the server runs them in parallel); chdb runs one
   * query at a time whatever it is given, so there they go one after another.
   */
  parallelQueries?: boolean;
  /**
   * the dashboard's per-request reads (a summary's latest events, a page of visits) that run at the
   * same time, grouped into one query each time: 1 for chdb (one group at a time, the next one
   * gathering what arrives meanwhile), 4 over http
   */
  readGroupsAtOnce?: number;
}

/** a summary's raw events of one card: one list of rows per range, each cut at limit + 1 rows */
interface RawEventsRead {
  profileId: string;
  ranges: TimeRange[];
  limit: number;
}

/** a page of one card's visits, newest first */
interface VisitsRead {
  profileId: string;
  range: TimeRange;
  limit: number;
  after: VisitCursor | null;
}

/** requests of a group at most: the sql grows with each */
const MAX_GROUP = 16;
/** the row number a multiIf gives a row that matched no request (never returned: the WHERE is theirs) */
const NO_REQUEST = 65535;

const sameCard = (profileId: string, group: readonly { profileId: string }[]) =>
  group.some((other) => other.profileId === profileId);
const withinADay = (range: TimeRange) => range.to.getTime() - range.from.getTime() <= DAY;

/** a visit as the store returns it */
interface VisitRecord {
  event_id: string;
  ts: string;
  user_id: string;
  authenticated: number | string;
  city: string;
  country: string;
  device: string;
  referrer_host: string;
}

function visitRow(r: VisitRecord): VisitRow {
  return {
    id: r.event_id,
    ts: fromClickHouseTime(r.ts),
    userId: r.user_id || null,
    authenticated: Number(r.authenticated) === 1,
    city: r.city || null,
    country: r.country || null,
    device: r.device || null,
    referrerHost: r.referrer_host || null,
  };
}

/** the analytics store on ClickHouse, through @clickhouse/client over http or chdb */
export class ClickHouseAnalyticsStore implements AnalyticsStore {
  /** raw events are kept this many days (null: for ever), as the last applyRetention set */
  private retentionDays: number | null = null;

  private readonly openedAt = Date.now();
  private readonly rawEventReads: CoalescedReads<RawEventsRead, DayEventRow[][]>;
  private readonly visitReads: CoalescedReads<VisitsRead, VisitRow[]>;

  private constructor(
    private readonly opened: OpenedClickHouse,
    private readonly migrationsDir: string,
    readonly parallelQueries: boolean,
    readGroupsAtOnce: number,
  ) {
    this.rawEventReads = new CoalescedReads({
      readTogether: (reads) => this.readRawEvents(reads),
      readAlone: async (read) => (await this.readRawEvents([read]))[0] ?? [],
      // two reads of one card could claim the same rows
      fits: (read, group) => !sameCard(read.profileId, group),
      concurrency: readGroupsAtOnce,
      maxGroup: MAX_GROUP,
    });
    this.visitReads = new CoalescedReads({
      readTogether: (reads) => this.readVisitPages(reads),
      readAlone: (read) => this.readVisitPage(read),
      // a group is sorted by time as a whole, which reads every row of its ranges: a day's at most.
      // a wider range is read alone, newest first, which stops at the page's end
      fits: (read, group) =>
        withinADay(read.range) &&
        group.every((other) => withinADay(other.range)) &&
        !sameCard(read.profileId, group),
      concurrency: readGroupsAtOnce,
      maxGroup: MAX_GROUP,
    });
  }

  static open(options: ClickHouseStoreOptions): ClickHouseAnalyticsStore {
    const http = options.transport.kind === 'http';
    return new ClickHouseAnalyticsStore(
      openClickHouse(options.transport),
      options.migrationsDir ?? DEFAULT_MIGRATIONS_DIR,
      options.parallelQueries ?? http,
      options.readGroupsAtOnce ?? (http ? 4 : 1),
    );
  }

  private split(profileId: string, range: TimeRange): Params {
    return { profileId, ...splitRange(range, this.rawKeptSince()) };
  }

  /**
   * chdb: per card (the most recently written), the version of its last write and its last writes'
   * rows (null: an erase, or an insert that failed, whose rows are not known), newest last
   */
  private readonly written = new Map<string, { version: number; log: WriteLogEntry[] }>();
  private writes = 0;
  /** the highest version forgotten: a card no longer remembered may have been written up to it */
  private forgottenVersion = 0;
  /** batches stored lately: the store counts a batch stored again once, so its rows are not new */
  private readonly storedBatches = new Set<string>();

  /** writes under way per card: while one runs, what a read sees of it is not known */
  private readonly writingNow = new Map<string, number>();

  writeVersion(profileId: string): number | null {
    if (this.transport !== 'chdb') return null;
    return this.written.get(profileId)?.version ?? this.forgottenVersion;
  }

  writing(profileId: string): boolean {
    return this.writingNow.has(profileId);
  }

  /** runs a write of these cards: under way meanwhile, then a new version for each */
  private async writingCards<T>(
    profileIds: string[],
    write: () => Promise<T>,
    written: (ok: boolean) => Map<string, WrittenRows | null>,
  ): Promise<T> {
    const cards = [...new Set(profileIds)];
    for (const card of cards) this.writingNow.set(card, (this.writingNow.get(card) ?? 0) + 1);
    let ok = false;
    try {
      const result = await write();
      ok = true;
      return result;
    } finally {
      for (const card of cards) {
        const left = (this.writingNow.get(card) ?? 1) - 1;
        if (left > 0) this.writingNow.set(card, left);
        else this.writingNow.delete(card);
      }
      this.wrote(written(ok));
    }
  }

  writtenSince(profileId: string, version: number): DayEventRow[] | null {
    return this.logSince(profileId, version, (rows) => rows.events);
  }

  viewsWrittenSince(profileId: string, version: number): VisitRow[] | null {
    return this.logSince(profileId, version, (rows) => rows.views);
  }

  private logSince<T>(profileId: string, version: number, pick: (rows: WrittenRows) => T[]): T[] | null {
    const card = this.written.get(profileId);
    if (this.transport !== 'chdb' || !card) return null;
    if (card.version === version) return [];
    // the write right after `version` must still be in the log
    const since = card.log.findIndex((entry) => entry.after === version);
    if (since < 0) return null;
    const rows: T[] = [];
    for (const entry of card.log.slice(since)) {
      if (!entry.rows || Date.now() - entry.at > WRITE_LOG_MS) return null;
      rows.push(...pick(entry.rows));
    }
    return rows;
  }

  /** after a write: the cards it touched get a new version (the write is done, so a read at it sees it) */
  private wrote(byCard: Map<string, WrittenRows | null>): void {
    if (this.transport !== 'chdb') return;
    const at = Date.now();
    for (const [profileId, rows] of byCard) {
      const card = this.written.get(profileId);
      const after = card?.version ?? this.forgottenVersion;
      const version = ++this.writes;
      const log = [...(card?.log ?? []), { version, after, rows, at }].slice(-WRITE_LOG_ENTRIES);
      this.written.delete(profileId);
      this.written.set(profileId, { version, log });
    }
    for (const [profileId, card] of this.written) {
      if (this.written.size <= WRITE_VERSION_CARDS) break;
      this.written.delete(profileId);
      this.forgottenVersion = Math.max(this.forgottenVersion, card.version);
    }
  }

  rawKeptSince(): Date | null {
    return this.retentionDays === null ? null : new Date(Date.now() - this.retentionDays * DAY);
  }

  get transport(): 'http' | 'chdb' {
    return this.opened.transport;
  }

  /** the raw client, for operations and tests */
  get client(): ClickHouseClient {
    return this.opened.client;
  }

  private async rows<T>(query: string, params: Params): Promise<T[]> {
    // one JSON document parsed at once: the client parses a row format line by line through a
    // stream, which cost more than the query's own reading on a dashboard's small answers
    const result = await this.client.query({ query, query_params: params, format: 'JSON' });
    return (await result.json<T>()).data;
  }

  /** applies the pending migrations; returns their versions */
  async migrate(): Promise<number[]> {
    return runMigrations(this.client, this.migrationsDir);
  }

  /** the versions not yet applied to this store */
  async pendingMigrations(): Promise<number[]> {
    return pendingMigrations(this.client, this.migrationsDir);
  }

  async insertEvents(batchId: string, rows: EventRows | readonly StoredEvent[]): Promise<void> {
    const written = rows instanceof EventRows ? rows : eventRowsOf(rows);
    if (written.count === 0) return;
    // the body as the enricher wrote it; over http the client sends it as it is, on chdb it goes to
    // the engine's raw insert (chdb-raw-inserts.ts)
    const insert = () =>
      this.client.insert({
        table: 'events',
        columns: [...EVENT_COLUMNS],
        values: Readable.from(written.chunks, { objectMode: false }),
        format: EVENT_ROWS_FORMAT,
        // the rollups' views deduplicate a retried batch too
        clickhouse_settings: {
          insert_deduplication_token: batchId,
          deduplicate_blocks_in_dependent_materialized_views: 1,
          // embedded, the insert's threads share the cpu with the server that answers the cards: they
          // run at the lowest priority (nice 19), so a burst of visits is answered first and counted
          // a moment later, not answered slower because it is being counted
          ...(this.transport === 'chdb' ? { os_thread_priority: '19' } : {}),
        },
      });
    if (this.transport !== 'chdb') {
      await insert();
      return;
    }
    await this.writingCards(written.profileIds(), insert, (stored) =>
      this.insertedRows(batchId, written, stored),
    );
  }

  /** what an insert wrote, per card */
  private insertedRows(batchId: string, rows: EventRows, stored: boolean): Map<string, WrittenRows | null> {
    // stored again (a retry after a stored try): nothing new. a failed insert may have stored some
    // rows, and a batch made before this store opened may have been stored by the process before
    // (the queue hands it over again after a crash): what those wrote is not known
    const again = stored && this.storedBatches.has(batchId);
    const known = stored && madeAfter(rows.firstBatchId ?? batchId, this.openedAt);
    const byCard = new Map<string, WrittenRows | null>();
    for (const row of rows.written) {
      if (!known || again) {
        byCard.set(row.profileId, null);
        continue;
      }
      let card = byCard.get(row.profileId);
      if (!card) {
        card = { events: [], views: [] };
        byCard.set(row.profileId, card);
      }
      card.events.push(row.event);
      if (row.view) card.views.push(row.view);
    }
    if (again) for (const profileId of byCard.keys()) byCard.set(profileId, { events: [], views: [] });
    if (stored) {
      this.storedBatches.add(batchId);
      // fewer than the table's deduplication window (10 000 blocks): a batch forgotten here may still
      // be stored once there, which only costs a read of the store
      if (this.storedBatches.size > STORED_BATCHES) {
        const oldest = this.storedBatches.values().next();
        if (!oldest.done) this.storedBatches.delete(oldest.value);
      }
    }
    return byCard;
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
    const stepVisitors = Object.fromEntries(Object.keys(FUNNEL_STEPS).map((step) => [step, 0])) as Record<
      FunnelStepName,
      number
    >;
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

  async dailyFigures(
    profileId: string,
    segments: TimeRange[],
  ): Promise<Map<number, Map<string, DayFigures>>> {
    const result = new Map<number, Map<string, DayFigures>>();
    if (segments.length === 0) return result;
    const params: Params = { profileId };
    const rollupTests: string[] = [];
    const rawTests: string[] = [];
    segments.forEach((segment, i) => {
      const split = this.split(profileId, segment);
      for (const [name, value] of Object.entries(split))
        if (name !== 'profileId') params[`s${i}${name}`] = value;
      const at = (name: string) => `{s${i}${name}:DateTime64(3, 'UTC')}`;
      rollupTests.push(`hour >= ${at('rollupFrom')} AND hour < ${at('rollupTo')}`);
      rawTests.push(
        `(ts >= ${at('edge1From')} AND ts < ${at('edge1To')}) OR (ts >= ${at('edge2From')} AND ts < ${at('edge2To')})`,
      );
    });
    // segments are disjoint: a row belongs to one of them at most
    const segmentOf = (tests: string[]) =>
      `multiIf(${tests.map((test, i) => `${test}, ${i}`).join(', ')}, 255)`;
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
         FROM events_hourly WHERE profile_id = {profileId:String} AND (${anyOf(rollupTests)})
         UNION ALL
         SELECT ${segmentOf(rawTests)} AS seg, toString(toDate(ts)) AS day, type,
                count() AS events, countIf(authenticated = 1) AS authenticated,
                uniqCombined64State(visitor_id) AS visitors
         FROM events WHERE profile_id = {profileId:String} AND (${anyOf(rawTests)})
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
         FROM breakdown_hourly WHERE profile_id = {profileId:String} AND (${anyOf(rollupTests)})
         UNION ALL
         SELECT ${segmentOf(rawTests)} AS seg, toString(toDate(ts)) AS day, pair.1 AS dimension, pair.2 AS value,
                count() AS events
         FROM events ARRAY JOIN ${BREAKDOWN_PAIRS} AS pair
         WHERE profile_id = {profileId:String} AND (${anyOf(rawTests)}) AND type IN ('view', 'link_clicked')
         GROUP BY seg, day, dimension, value
       )
       GROUP BY seg, day, dimension, value`,
      params,
    );
    const emptyDay = (): DayFigures => ({
      byType: [],
      stepVisitors: Object.fromEntries(Object.keys(FUNNEL_STEPS).map((step) => [step, 0])) as Record<
        FunnelStepName,
        number
      >,
      breakdowns: [],
    });
    for (const row of rows) {
      const seg = Number(row.seg);
      if (seg === 255) continue;
      const days = result.get(seg) ?? new Map<string, DayFigures>();
      result.set(seg, days);
      const day = days.get(row.day) ?? emptyDay();
      days.set(row.day, day);
      if (row.kind === 'type') {
        day.byType.push({ type: row.k1, events: Number(row.n), authenticated: Number(row.auth) });
      } else if (row.kind === 'step') {
        if (row.k1 in day.stepVisitors) day.stepVisitors[row.k1 as FunnelStepName] = Number(row.visitors);
      } else {
        day.breakdowns.push({ dimension: row.k1 as BreakdownDimension, value: row.k2, count: Number(row.n) });
      }
    }
    return result;
  }

  async rawEvents(profileId: string, ranges: TimeRange[], limit: number): Promise<DayEventRow[][]> {
    if (ranges.length === 0) return [];
    return this.rawEventReads.read({ profileId, ranges, limit });
  }

  /** the raw events of several cards' ranges in one query; each range's rows cut at its limit + 1 */
  private async readRawEvents(reads: RawEventsRead[]): Promise<DayEventRow[][][]> {
    const params: Params = { limit: Math.max(...reads.map((read) => read.limit)) + 1 };
    const tests: string[] = [];
    const owner: Array<{ read: number; range: number }> = [];
    const cards = reads.map((read, r) => {
      params[`p${r}`] = read.profileId;
      const ofCard = read.ranges.map((range, i) => {
        const n = tests.length;
        params[`r${n}from`] = toClickHouseTime(range.from);
        params[`r${n}to`] = toClickHouseTime(range.to);
        const test = `ts >= {r${n}from:DateTime64(3, 'UTC')} AND ts <= {r${n}to:DateTime64(3, 'UTC')}`;
        tests.push(`profile_id = {p${r}:String} AND ${test}`);
        owner.push({ read: r, range: i });
        return `(${test})`;
      });
      return `(profile_id = {p${r}:String} AND (${ofCard.join(' OR ')}))`;
    });
    // compact rows, a line each: a summary reads today's latest events on every call, and they parse
    // faster so. a card's first read can bring a few hundred thousand; they are parsed a slice at a
    // time, so the visitors' requests are answered meanwhile (one JSON document held the loop 0.3 s)
    const query = await this.client.query({
      query: `SELECT multiIf(${tests.map((test, n) => `${test}, ${n}`).join(', ')}, ${NO_REQUEST}) AS r,
                toUnixTimestamp64Milli(ts) AS ms, toString(type) AS type, visitor_id, authenticated,
                toString(country) AS country, toString(device) AS device,
                toString(referrer_host) AS referrer_host, toString(channel) AS channel, target
         FROM events WHERE ${cards.join(' OR ')}
         ORDER BY ts
         LIMIT {limit:UInt32} BY r`,
      query_params: params,
      format: 'JSONCompactEachRow',
    });
    const text = await query.text();
    const result: DayEventRow[][][] = reads.map((read) => read.ranges.map(() => []));
    type Row = [number, string, string, string, number, string, string, string, string, string];
    const slices = new EventLoopSlices();
    for (let start = 0, line = 0; start < text.length; line++) {
      let end = text.indexOf('\n', start);
      if (end < 0) end = text.length;
      const fields = end > start ? (JSON.parse(text.slice(start, end)) as Row) : null;
      start = end + 1;
      if ((line & 1023) === 1023 && slices.due()) await slices.pause();
      if (!fields) continue;
      const [n, ms, type, visitorId, authenticated, country, device, referrerHost, channel, target] = fields;
      const at = owner[Number(n)];
      if (!at) continue;
      const rows = result[at.read]?.[at.range];
      if (!rows || rows.length > (reads[at.read]?.limit ?? 0)) continue;
      rows.push({
        ts: Number(ms),
        type,
        visitorId,
        authenticated: Number(authenticated) === 1,
        country,
        device,
        referrerHost,
        channel,
        target,
      });
    }
    return result;
  }

  async live(profileId: string, since: Date): Promise<LiveFigures> {
    const [row] = await this.rows<{ visits: string; visitors: string }>(
      `SELECT count() AS visits, uniqExact(visitor_id) AS visitors
       FROM events WHERE profile_id = {profileId:String} AND ts >= {since:DateTime64(3, 'UTC')} AND type = 'view'`,
      { profileId, since: toClickHouseTime(since) },
    );
    return { visits: Number(row?.visits ?? 0), visitors: Number(row?.visitors ?? 0) };
  }

  async visits(
    profileId: string,
    range: TimeRange,
    limit: number,
    after: VisitCursor | null,
  ): Promise<VisitRow[]> {
    // a page usually lies close to where it starts: twice as far back as the card's last page reached
    // (a minute at least, a day at most) is read first, and the whole range only when that does not
    // fill the page. a busy card's page then reads minutes of its events, not a block of every part
    // the range touches, and the pages of several owners can go in one query.
    const upper = after ? after.ts.getTime() : range.to.getTime();
    const reach = this.pageReach.get(profileId) ?? DAY;
    const window = Math.min(DAY, Math.max(MINUTE, 2 * reach));
    let page: VisitRow[] | null = null;
    if (upper - window > range.from.getTime()) {
      const recent = await this.visitPage(
        profileId,
        { from: new Date(upper - window), to: range.to },
        limit,
        after,
      );
      if (recent.length === limit) page = recent;
    }
    page ??= await this.visitPage(profileId, range, limit, after);
    const last = page[page.length - 1];
    if (page.length === limit && last) this.pageReach.set(profileId, upper - last.ts.getTime());
    return page;
  }

  /** how far back from its start a full page of the card's visits reached, the last time */
  private readonly pageReach = new LruCache<string, number>(PAGE_REACH_CARDS);

  private visitPage(
    profileId: string,
    range: TimeRange,
    limit: number,
    after: VisitCursor | null,
  ): Promise<VisitRow[]> {
    return this.visitReads.read({ profileId, range, limit, after });
  }

  /** one card's page: newest first, which reads from the range's end and stops at the page's */
  private async readVisitPage({ profileId, range, limit, after }: VisitsRead): Promise<VisitRow[]> {
    const params: Params = { ...rangeParams(profileId, range), limit };
    let keyset = '';
    if (after) {
      keyset = `AND (ts, event_id) < ({afterTs:DateTime64(3, 'UTC')}, {afterId:UUID})`;
      params.afterTs = toClickHouseTime(after.ts);
      params.afterId = after.id;
    }
    const rows = await this.rows<VisitRecord>(
      `SELECT event_id, ts, user_id, authenticated, city, country, device, referrer_host
       FROM events WHERE ${VIEWS_IN_RANGE} AND type = 'view' ${keyset}
       ORDER BY ts DESC, event_id DESC LIMIT {limit:UInt32}`,
      params,
    );
    return rows.map(visitRow);
  }

  /** several cards' pages in one query, each range a day at most */
  private async readVisitPages(reads: VisitsRead[]): Promise<VisitRow[][]> {
    const params: Params = { limit: Math.max(...reads.map((read) => read.limit)) };
    const tests = reads.map((read, r) => {
      params[`p${r}`] = read.profileId;
      params[`from${r}`] = toClickHouseTime(read.range.from);
      params[`to${r}`] = toClickHouseTime(read.range.to);
      let test = `profile_id = {p${r}:String} AND ts >= {from${r}:DateTime64(3, 'UTC')} AND ts <= {to${r}:DateTime64(3, 'UTC')}`;
      if (read.after) {
        params[`afterTs${r}`] = toClickHouseTime(read.after.ts);
        params[`afterId${r}`] = read.after.id;
        test += ` AND (ts, event_id) < ({afterTs${r}:DateTime64(3, 'UTC')}, {afterId${r}:UUID})`;
      }
      return test;
    });
    const rows = await this.rows<VisitRecord & { r: number }>(
      `SELECT multiIf(${tests.map((test, r) => `${test}, ${r}`).join(', ')}, ${NO_REQUEST}) AS r,
         event_id, ts, user_id, authenticated, city, country, device, referrer_host
       FROM events WHERE type = 'view' AND (${tests.map((test) => `(${test})`).join(' OR ')})
       ORDER BY ts DESC, event_id DESC LIMIT {limit:UInt32} BY r`,
      params,
    );
    const pages: VisitRow[][] = reads.map(() => []);
    for (const row of rows) {
      const page = pages[Number(row.r)];
      if (page && page.length < (reads[Number(row.r)]?.limit ?? 0)) page.push(visitRow(row));
    }
    return pages;
  }

  async deleteProfileEvents(profileId: string): Promise<void> {
    // the views only add, so the rollups are erased with the events
    const erase = async () => {
      for (const table of ['events', 'events_hourly', 'breakdown_hourly']) {
        await this.client.command({
          query: `DELETE FROM ${table} WHERE profile_id = {profileId:String}`,
          query_params: { profileId },
        });
      }
    };
    await this.writingCards([profileId], erase, () => new Map([[profileId, null]]));
  }

  async applyRetention(days: number | null): Promise<void> {
    if (days !== null && (!Number.isInteger(days) || days < 1)) {
      throw new Error(`raw event retention must be a whole number of days (got ${days})`);
    }
    const [table] = await this.rows<{ engine_full: string }>(
      "SELECT engine_full FROM system.tables WHERE database = currentDatabase() AND name = 'events'",
      {},
    );
    const current = /\bTTL\b.*toIntervalDay\((\d+)\)/.exec(table?.engine_full ?? '');
    const currentDays = current ? Number(current[1]) : null;
    if (currentDays !== days) {
      // ddl takes no bound values; days is a checked whole number. materialize_ttl_after_modify = 0:
      // expired rows leave with the parts' next merges instead of a rewrite of the whole table now
      await this.client.command({
        query:
          days === null
            ? 'ALTER TABLE events REMOVE TTL'
            : `ALTER TABLE events MODIFY TTL toDateTime(ts) + INTERVAL ${days} DAY`,
        clickhouse_settings: { materialize_ttl_after_modify: 0 },
      });
    }
    this.keepRetention(days);
  }

  /** the raw retention the schema already has (set by the migration step), for the reads */
  keepRetention(days: number | null): void {
    this.retentionDays = days;
  }

  async recordErasure(profileId: string): Promise<void> {
    await this.client.insert({
      table: 'erased_profiles',
      values: [{ profile_id: profileId, erased_at: toClickHouseTime(new Date()) }],
      format: 'JSONEachRow',
    });
  }

  async erasedAmong(profileIds: string[]): Promise<Set<string>> {
    if (profileIds.length === 0) return new Set();
    const rows = await this.rows<{ profile_id: string }>(
      'SELECT DISTINCT profile_id FROM erased_profiles WHERE profile_id IN {ids:Array(String)}',
      { ids: profileIds },
    );
    return new Set(rows.map((row) => row.profile_id));
  }

  async ping(): Promise<void> {
    const result = await this.client.ping();
    if (!result.success) throw result.error;
  }

  async close(): Promise<void> {
    await this.opened.close();
  }
}
