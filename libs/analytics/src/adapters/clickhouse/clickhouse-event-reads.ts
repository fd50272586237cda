import type { ClickHouseClient } from '@clickhouse/client';
import { fromClickHouseTime, toClickHouseTime } from '../../events';
import { LruCache } from '../../lru-cache';
import { forEachRawEvent, RAW_EVENT_COLUMNS } from './raw-event-lines';
import type { DayEventRow, LiveFigures, StoreFilter, TimeRange, VisitCursor, VisitRow } from '../../ports';
import { keptVisitorsTest } from './clickhouse-filters';
import { CoalescedReads, readsOfCards, sameCard } from './coalesced-reads';
import {
  DAY,
  MAX_GROUP,
  MINUTE,
  NO_REQUEST,
  VIEWS_IN_RANGE,
  queryRows,
  rangeParams,
  type Params,
} from './sql';

/** cards whose last page's reach is remembered (the most recently read) */
const PAGE_REACH_CARDS = 10_000;

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

/**
 * a card's raw events as they are: the visit list, a summary's latest events, the live count. the
 * dashboard's per-request reads that run at the same time are grouped into one query each time
 */
export class ClickHouseEventReads {
  private readonly rawEventReads: CoalescedReads<RawEventsRead, DayEventRow[][]>;
  private readonly visitReads: CoalescedReads<VisitsRead, VisitRow[]>;

  constructor(
    private readonly client: ClickHouseClient,
    /** groups read at once: 1 for chdb (one at a time, the next one gathering what arrives meanwhile) */
    readGroupsAtOnce: number,
  ) {
    this.rawEventReads = readsOfCards(
      (reads) => this.readRawEvents(reads),
      () => [],
      readGroupsAtOnce,
      MAX_GROUP,
    );
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

  private rows<T>(query: string, params: Params): Promise<T[]> {
    return queryRows<T>(this.client, query, params);
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
    // in the table's own order (card, time), which the engine reads without sorting the whole group
    // by time: a range's rows are in time order either way, and LIMIT BY keeps the first of each.
    // compact rows, a line each: a summary reads today's latest events on every call, and they parse
    // faster so. a card's first read can bring a few hundred thousand; they are parsed a slice at a
    // time, so the visitors' requests are answered meanwhile (one JSON document held the loop 0.3 s)
    const query = await this.client.query({
      query: `SELECT multiIf(${tests.map((test, n) => `${test}, ${n}`).join(', ')}, ${NO_REQUEST}) AS r,
                ${RAW_EVENT_COLUMNS}
         FROM events WHERE ${cards.join(' OR ')}
         ORDER BY profile_id, ts
         LIMIT {limit:UInt32} BY r`,
      query_params: params,
      format: 'JSONCompactEachRow',
    });
    const text = await query.text();
    const result: DayEventRow[][][] = reads.map((read) => read.ranges.map(() => []));
    await forEachRawEvent(text, 1, ([n], event) => {
      const at = owner[Number(n)];
      if (!at) return;
      const rows = result[at.read]?.[at.range];
      if (rows && rows.length <= (reads[at.read]?.limit ?? 0)) rows.push(event);
    });
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
    filter?: StoreFilter,
  ): Promise<VisitRow[]> {
    if (filter && (filter.views.length > 0 || filter.link !== null))
      return this.filteredVisits(profileId, range, limit, after, filter);
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

  /** a page of the views of a filter's visitors: read alone, the filter is the request's own */
  private async filteredVisits(
    profileId: string,
    range: TimeRange,
    limit: number,
    after: VisitCursor | null,
    filter: StoreFilter,
  ): Promise<VisitRow[]> {
    const params: Params = { ...rangeParams(profileId, range), limit };
    let keyset = '';
    if (after) {
      keyset = `AND (ts, event_id) < ({afterTs:DateTime64(3, 'UTC')}, {afterId:UUID})`;
      params.afterTs = toClickHouseTime(after.ts);
      params.afterId = after.id;
    }
    const kept = keptVisitorsTest(filter, [range], '{profileId:String}', params);
    const rows = await this.rows<VisitRecord>(
      `SELECT event_id, ts, user_id, authenticated, city, country, device, referrer_host
       FROM events WHERE ${VIEWS_IN_RANGE} AND type = 'view' ${keyset}${kept}
       ORDER BY ts DESC, event_id DESC LIMIT {limit:UInt32}`,
      params,
    );
    return rows.map(visitRow);
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
}
