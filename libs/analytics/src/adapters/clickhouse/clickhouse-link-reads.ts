import type { ClickHouseClient } from '@clickhouse/client';
import { toClickHouseTime } from '../../events';
import type { LinkClickOutline, PieceFigures, PieceRequest, StoreFilter, TimeRange } from '../../ports';
import { keptVisitorsTest } from './clickhouse-filters';
import { readsOfCards, type CoalescedReads } from './coalesced-reads';
import { DAY, intervalSegments, MAX_GROUP, NO_REQUEST, noStepVisitors, queryRows, type Params } from './sql';

interface LinkPiecesRead {
  profileId: string;
  pieces: TimeRange[];
  filter: StoreFilter;
}

interface LinkOutlinesRead {
  profileId: string;
  ranges: TimeRange[];
}

/**
 * the link clicks' reads of a summary: each piece's clicks and distinct clickers per link, and a
 * finished day's outline (each clicker's last click per link). a card's first summary asks for both,
 * so eight owners opening their dashboards at once asked sixteen queries, each reading a twentieth of
 * the card's events for an engine's fixed price a query (chdb: about 30 ms). reads that queue behind
 * a running one go in one query, as the daily figures and the raw events do (coalesced-reads.ts)
 */
export class ClickHouseLinkReads {
  private readonly pieceReads: CoalescedReads<LinkPiecesRead, PieceFigures[]>;
  private readonly outlineReads: CoalescedReads<LinkOutlinesRead, LinkClickOutline[]>;

  constructor(
    private readonly client: ClickHouseClient,
    /** groups read at once: 1 for chdb, more for a server */
    readGroupsAtOnce: number,
  ) {
    this.pieceReads = readsOfCards(
      (reads) => this.readPieces(reads),
      () => [],
      readGroupsAtOnce,
      MAX_GROUP,
    );
    this.outlineReads = readsOfCards(
      (reads) => this.readOutlines(reads),
      () => [],
      readGroupsAtOnce,
      MAX_GROUP,
    );
  }

  /** per piece, the clicks and distinct clickers of each link, narrowed to a filter's visitors */
  pieces(profileId: string, request: PieceRequest): Promise<PieceFigures[]> {
    if (request.pieces.length === 0) return Promise.resolve([]);
    return this.pieceReads.read({ profileId, pieces: request.pieces, filter: request.filter });
  }

  /** per range, each link target and its visitors' last clicks, ascending */
  outlines(profileId: string, ranges: TimeRange[]): Promise<LinkClickOutline[]> {
    if (ranges.length === 0) return Promise.resolve([]);
    return this.outlineReads.read({ profileId, ranges });
  }

  private async readPieces(reads: LinkPiecesRead[]): Promise<PieceFigures[][]> {
    const params: Params = {};
    const cards: string[] = [];
    const raw = { segments: [] as string[], kept: [] as string[] };
    const daily = { segments: [] as string[], kept: [] as string[] };
    /** per card, the piece of each raw segment number */
    const rawPieces: number[][] = [];
    reads.forEach((read, c) => {
      const card = `profile_id = {p${c}:String}`;
      params[`p${c}`] = read.profileId;
      cards.push(`${card}, ${c}`);
      // an unfiltered piece of a whole UTC day is that day's row of the daily rollup
      const filtered = read.filter.views.length > 0 || read.filter.link !== null;
      const whole = read.pieces.map((piece) => !filtered && isWholeUtcDay(piece));
      const days = read.pieces.flatMap((piece, i) =>
        whole[i] ? [piece.from.toISOString().slice(0, 10)] : [],
      );
      if (days.length > 0) {
        params[`d${c}`] = days;
        params[`i${c}`] = whole.flatMap((isWhole, i) => (isWhole ? [i] : []));
        daily.segments.push(
          `${card}, transform(day, {d${c}:Array(Date)}, {i${c}:Array(UInt32)}, toUInt32(${NO_REQUEST}))`,
        );
        daily.kept.push(`(${card} AND day IN {d${c}:Array(Date)})`);
      }
      const parts = read.pieces.flatMap((piece, i) => (whole[i] ? [] : [{ piece, i }]));
      if (parts.length === 0) return;
      // each card's names apart (c1_10 is not c11_0)
      const { segment, within } = intervalSegments(
        parts.map(({ piece }) => piece),
        params,
        `c${c}_`,
      );
      rawPieces[c] = parts.map(({ i }) => i);
      const keeps = keptVisitorsTest(read.filter, read.pieces, `{p${c}:String}`, params, `k${c}_`);
      raw.segments.push(`${card}, ${segment}`);
      raw.kept.push(`(${card} AND (${within})${keeps})`);
    });
    const card = `multiIf(${cards.join(', ')}, ${NO_REQUEST})`;
    const branches: string[] = [];
    if (daily.kept.length > 0)
      branches.push(
        `SELECT 'day' AS src, ${card} AS c, multiIf(${daily.segments.join(', ')}, ${NO_REQUEST}) AS seg, target,
                sum(clicks) AS n, uniqExactMerge(visitors) AS visitors
         FROM link_clicks_daily WHERE ${daily.kept.join(' OR ')}
         GROUP BY c, seg, target`,
      );
    if (raw.kept.length > 0)
      branches.push(
        `SELECT 'raw' AS src, ${card} AS c, multiIf(${raw.segments.join(', ')}, ${NO_REQUEST}) AS seg, target,
                count() AS n, uniqExact(visitor_id) AS visitors
         FROM events WHERE type = 'link_clicked' AND (${raw.kept.join(' OR ')})
         GROUP BY c, seg, target`,
      );
    const rows = await queryRows<{
      src: 'day' | 'raw';
      c: number | string;
      seg: number | string;
      target: string;
      n: string;
      visitors: string;
    }>(this.client, branches.join('\nUNION ALL\n'), params);
    const figures = reads.map((read) =>
      read.pieces.map((): PieceFigures => ({
        byType: [],
        stepVisitors: noStepVisitors(),
        breakdowns: [],
        linkVisitors: [],
        hours: [],
      })),
    );
    for (const row of rows) {
      const c = Number(row.c);
      const index = row.src === 'day' ? Number(row.seg) : rawPieces[c]?.[Number(row.seg)];
      const piece = index === undefined ? undefined : figures[c]?.[index];
      if (!piece) continue;
      piece.breakdowns.push({ dimension: 'link', value: row.target, count: Number(row.n) });
      piece.linkVisitors.push({ target: row.target, visitors: Number(row.visitors) });
    }
    // in the links' order, whichever way the engine grouped them
    for (const piece of figures.flat()) {
      piece.breakdowns.sort((a, b) => byText(a.value, b.value));
      piece.linkVisitors.sort((a, b) => byText(a.target, b.target));
    }
    return figures;
  }

  private async readOutlines(reads: LinkOutlinesRead[]): Promise<LinkClickOutline[][]> {
    const params: Params = {};
    const tests: string[] = [];
    const owner: Array<{ read: number; range: number }> = [];
    const cards = reads.map((read, c) => {
      params[`p${c}`] = read.profileId;
      const ofCard = read.ranges.map((range, i) => {
        const n = tests.length;
        params[`r${n}f`] = toClickHouseTime(range.from);
        params[`r${n}t`] = toClickHouseTime(range.to);
        const test = `ts >= {r${n}f:DateTime64(3, 'UTC')} AND ts <= {r${n}t:DateTime64(3, 'UTC')}`;
        tests.push(`profile_id = {p${c}:String} AND ${test}`);
        owner.push({ read: c, range: i });
        return `(${test})`;
      });
      return `(profile_id = {p${c}:String} AND (${ofCard.join(' OR ')}))`;
    });
    const rows = await queryRows<{ r: number | string; target: string; last: number[] }>(
      this.client,
      `SELECT r, target, arraySort(groupArray(last)) AS last
       FROM (
         SELECT multiIf(${tests.map((test, n) => `${test}, ${n}`).join(', ')}, ${NO_REQUEST}) AS r, target,
                visitor_id, toFloat64(toUnixTimestamp64Milli(max(ts))) AS last
         FROM events
         WHERE type = 'link_clicked' AND (${cards.join(' OR ')})
         GROUP BY r, target, visitor_id
       )
       GROUP BY r, target`,
      params,
    );
    const outlines: LinkClickOutline[][] = reads.map((read) => read.ranges.map(() => []));
    for (const row of rows) {
      const at = owner[Number(row.r)];
      if (at) outlines[at.read]?.[at.range]?.push({ target: row.target, last: row.last.map(Number) });
    }
    return outlines;
  }
}

/** a piece from a UTC midnight to the last moment of that day */
function isWholeUtcDay(piece: TimeRange): boolean {
  const from = piece.from.getTime();
  return from % DAY === 0 && piece.to.getTime() === from + DAY - 1;
}

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
