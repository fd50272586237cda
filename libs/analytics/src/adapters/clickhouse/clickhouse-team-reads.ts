import type { ClickHouseClient } from '@clickhouse/client';
import { toClickHouseTime } from '../../events';
import type { TeamLinkVisitors, TimeRange, ZoneSeriesRow } from '../../ports';
import { HOUR, NO_REQUEST, queryRows, type Params } from './sql';

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
  const time = (name: string, ms: number) => {
    params[name] = toClickHouseTime(new Date(ms));
    return `{${name}:DateTime64(3, 'UTC')}`;
  };
  const rollup: string[] = [];
  const raw: string[] = [];
  for (let b = 0; b + 1 < bucketStarts.length; b++) {
    const start = bucketStarts[b] as number;
    const end = bucketStarts[b + 1] as number;
    const wholeFrom = Math.ceil(start / HOUR) * HOUR;
    const wholeTo = Math.floor(end / HOUR) * HOUR;
    if (wholeFrom < wholeTo) {
      rollup.push(`hour >= ${time(`h${b}f`, wholeFrom)} AND hour < ${time(`h${b}t`, wholeTo)}, ${b}`);
      if (start < wholeFrom)
        raw.push(`ts >= ${time(`r${b}a`, start)} AND ts < ${time(`r${b}b`, wholeFrom)}, ${b}`);
      if (wholeTo < end) raw.push(`ts >= ${time(`r${b}c`, wholeTo)} AND ts < ${time(`r${b}d`, end)}, ${b}`);
    } else {
      raw.push(`ts >= ${time(`r${b}a`, start)} AND ts < ${time(`r${b}b`, end)}, ${b}`);
    }
  }
  const which = (tests: string[]) => `multiIf(${tests.join(', ')}, ${NO_REQUEST})`;
  const anyOf = (tests: string[]) =>
    tests.map((test) => `(${test.slice(0, test.lastIndexOf(','))})`).join(' OR ');
  const branches: string[] = [];
  if (rollup.length > 0)
    branches.push(
      `SELECT profile_id AS card, ${which(rollup)} AS b, toUInt64(sum(events)) AS n, uniqCombined64MergeState(visitors) AS v
       FROM events_hourly
       WHERE profile_id IN {ids:Array(String)} AND type = 'view' AND (${anyOf(rollup)})
       GROUP BY card, b`,
    );
  if (raw.length > 0)
    branches.push(
      `SELECT profile_id AS card, ${which(raw)} AS b, count() AS n, uniqCombined64State(visitor_id) AS v
       FROM events
       WHERE profile_id IN {ids:Array(String)} AND type = 'view' AND (${anyOf(raw)})
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
