import type { ClickHouseClient } from '@clickhouse/client';
import { toClickHouseTime } from '../../events';
import type { TeamLinkVisitors, TimeRange, ZoneSeriesRow } from '../../ports';
import { bucketTests, queryRows, type Params } from './sql';

/**
 * the distinct visitors who clicked each link of each card over a range, from the raw link clicks
 * (about one event in twenty). a visitor id is per card and UTC day, so a card's count is its
 * visitor days, as a card's own unique clicks are counted
 */
export async function readTeamLinkVisitors(
  client: ClickHouseClient,
  profileIds: string[],
  range: TimeRange,
): Promise<TeamLinkVisitors[]> {
  if (profileIds.length === 0) return [];
  const rows = await queryRows<{ card: string; target: string; visitors: string }>(
    client,
    `SELECT profile_id AS card, target, uniqExact(visitor_id) AS visitors
     FROM events
     WHERE profile_id IN {ids:Array(String)} AND type = 'link_clicked'
       AND ts >= {from:DateTime64(3, 'UTC')} AND ts <= {to:DateTime64(3, 'UTC')}
     GROUP BY card, target`,
    { ids: profileIds, from: toClickHouseTime(range.from), to: toClickHouseTime(range.to) },
  );
  return rows.map((row) => ({ profileId: row.card, target: row.target, visitors: Number(row.visitors) }));
}

/**
 * views and distinct visitors of several cards per bucket of a zone (`bucketStarts`: each bucket's
 * start, then the end of the last, in ms): whole UTC hours from the rollups, the parts of hours a
 * bucket starts or ends inside (a half-hour zone's midnights, the range's edges) from the raw events.
 * each card's visitors are counted apart and added up (visitor ids are per card)
 */
export async function readTeamZoneSeries(
  client: ClickHouseClient,
  profileIds: string[],
  bucketStarts: number[],
): Promise<ZoneSeriesRow[]> {
  if (profileIds.length === 0 || bucketStarts.length < 2) return [];
  const params: Params = { ids: profileIds };
  const tests = bucketTests(bucketStarts, params);
  const branches: string[] = [];
  if (tests.inRollup)
    branches.push(
      `SELECT profile_id AS card, ${tests.rollupBucket} AS b, toUInt64(sum(events)) AS n, uniqCombined64MergeState(visitors) AS v
       FROM events_hourly
       WHERE profile_id IN {ids:Array(String)} AND type = 'view' AND (${tests.inRollup})
       GROUP BY card, b`,
    );
  if (tests.inRaw)
    branches.push(
      `SELECT profile_id AS card, ${tests.rawBucket} AS b, count() AS n, uniqCombined64State(visitor_id) AS v
       FROM events
       WHERE profile_id IN {ids:Array(String)} AND type = 'view' AND (${tests.inRaw})
       GROUP BY card, b`,
    );
  const rows = await queryRows<{ b: number | string; n: string; u: string }>(
    client,
    `SELECT b, sum(n) AS n, sum(u) AS u
     FROM (SELECT card, b, sum(n) AS n, uniqCombined64Merge(v) AS u FROM (${branches.join(' UNION ALL ')}) GROUP BY card, b)
     GROUP BY b`,
    params,
  );
  return rows
    .filter((row) => Number(row.b) < bucketStarts.length - 1)
    .map((row) => ({
      bucket: bucketStarts[Number(row.b)] as number,
      visits: Number(row.n),
      uniqueVisitors: Number(row.u),
    }));
}
