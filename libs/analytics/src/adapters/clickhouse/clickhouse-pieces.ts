import type { ClickHouseClient } from '@clickhouse/client';
import type { BreakdownDimension, FunnelStepName, PieceFigures, PieceRequest } from '../../ports';
import { keptVisitorsTest } from './clickhouse-filters';
import {
  BREAKDOWN_PAIRS,
  HOUR,
  bucketTests,
  intervalSegments,
  STEP_OF_TYPE,
  noStepVisitors,
  queryRows,
  type Params,
} from './sql';

type Row = {
  seg: number | string;
  kind: 'type' | 'step' | 'breakdown' | 'hour';
  k1: string;
  k2: string;
  n: string;
  auth: string;
  visitors: string;
};

/**
 * a range's pieces (each inside one UTC day) counted from the raw events, narrowed to a filter's
 * visitors, in one query: what the rollups cannot answer (they know no visitor's other events), and
 * the hours of a zone whose hours do not start at UTC's. the link clicks alone ('links') are read
 * with other cards' (clickhouse-link-reads.ts)
 */
export async function readPieceFigures(
  client: ClickHouseClient,
  profileId: string,
  request: PieceRequest & { parts: 'all' | 'series' },
): Promise<PieceFigures[]> {
  const figures: PieceFigures[] = request.pieces.map(() => ({
    byType: [],
    stepVisitors: noStepVisitors(),
    breakdowns: [],
    linkVisitors: [],
    hours: [],
  }));
  if (request.pieces.length === 0) return figures;
  const params: Params = { p: profileId };
  const { segment: seg, within } = intervalSegments(request.pieces, params, 'piece');
  const kept = keptVisitorsTest(request.filter, request.pieces, '{p:String}', params);
  const where = `profile_id = {p:String} AND (${within})${kept}`;
  const views = request.parts === 'series' ? " AND type = 'view'" : '';
  const branches: string[] = [
    `SELECT ${seg} AS seg, 'type' AS kind, toString(type) AS k1, '' AS k2, count() AS n,
              countIf(authenticated = 1) AS auth, toUInt64(0) AS visitors
       FROM events WHERE ${where}${views} GROUP BY seg, type`,
    `SELECT ${seg} AS seg, 'step' AS kind, ${STEP_OF_TYPE} AS k1, '' AS k2, toUInt64(0) AS n,
              toUInt64(0) AS auth, uniqExact(visitor_id) AS visitors
       FROM events WHERE ${where}${views} GROUP BY seg, k1`,
  ];
  if (request.parts === 'all') {
    branches.push(
      `SELECT ${seg} AS seg, 'breakdown' AS kind, pair.1 AS k1, pair.2 AS k2, count() AS n,
              toUInt64(0) AS auth, uniqExactIf(visitor_id, pair.1 = 'link') AS visitors
       FROM events ARRAY JOIN ${BREAKDOWN_PAIRS} AS pair
       WHERE ${where} AND type IN ('view', 'link_clicked') GROUP BY seg, k1, k2`,
    );
  }
  if (request.hourShiftMs !== null) {
    params.shift = request.hourShiftMs;
    branches.push(
      `SELECT ${seg} AS seg, 'hour' AS kind,
              toString(intDiv(toUnixTimestamp64Milli(ts) - {shift:Int64}, ${HOUR}) * ${HOUR} + {shift:Int64}) AS k1,
              '' AS k2, count() AS n, toUInt64(0) AS auth, uniqExact(visitor_id) AS visitors
       FROM events WHERE ${where} AND type = 'view' GROUP BY seg, k1`,
    );
  }
  const rows = await queryRows<Row>(client, branches.join('\nUNION ALL\n'), params);
  for (const row of rows) {
    const piece = figures[Number(row.seg)];
    if (!piece) continue;
    if (row.kind === 'type') {
      piece.byType.push({ type: row.k1, events: Number(row.n), authenticated: Number(row.auth) });
    } else if (row.kind === 'step') {
      if (row.k1 in piece.stepVisitors) piece.stepVisitors[row.k1 as FunnelStepName] = Number(row.visitors);
    } else if (row.kind === 'hour') {
      piece.hours.push({
        bucket: new Date(Number(row.k1)),
        visits: Number(row.n),
        uniqueVisitors: Number(row.visitors),
      });
    } else {
      piece.breakdowns.push({ dimension: row.k1 as BreakdownDimension, value: row.k2, count: Number(row.n) });
      if (row.k1 === 'link') piece.linkVisitors.push({ target: row.k2, visitors: Number(row.visitors) });
    }
  }
  for (const piece of figures) piece.byType.sort((a, b) => a.type.localeCompare(b.type));
  return figures;
}

/**
 * views per card and bucket: a bucket's whole UTC hours from the hourly rollup, the parts of hours at
 * its edges (a zone's half-hour midnight) from the raw events, in one query
 */
export async function readCardsVisits(
  client: ClickHouseClient,
  profileIds: string[],
  bucketStarts: number[],
): Promise<Array<{ profileId: string; bucket: number; visits: number }>> {
  if (profileIds.length === 0 || bucketStarts.length < 2) return [];
  const params: Params = { ids: profileIds };
  const tests = bucketTests(bucketStarts, params);
  const branches: string[] = [];
  if (tests.inRollup)
    branches.push(
      `SELECT profile_id AS card, ${tests.rollupBucket} AS b, sum(events) AS n FROM events_hourly
       WHERE profile_id IN {ids:Array(String)} AND type = 'view' AND (${tests.inRollup})
       GROUP BY card, b`,
    );
  if (tests.inRaw)
    branches.push(
      `SELECT profile_id AS card, ${tests.rawBucket} AS b, count() AS n FROM events
       WHERE profile_id IN {ids:Array(String)} AND type = 'view' AND (${tests.inRaw})
       GROUP BY card, b`,
    );
  const rows = await queryRows<{ card: string; b: number | string; n: string }>(
    client,
    `SELECT card, b, sum(n) AS n FROM (${branches.join(' UNION ALL ')}) GROUP BY card, b`,
    params,
  );
  return rows
    .filter((row) => Number(row.b) < bucketStarts.length - 1)
    .map((row) => ({
      profileId: row.card,
      bucket: bucketStarts[Number(row.b)] as number,
      visits: Number(row.n),
    }));
}
