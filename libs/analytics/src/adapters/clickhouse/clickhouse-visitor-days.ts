import type { ClickHouseClient } from '@clickhouse/client';
import { toClickHouseTime } from '../../events';
import type { VisitorDay, VisitorDayEvents } from '../../store-ports';
import { DAY, NO_REQUEST, queryRows, type Params } from './sql';

/** visitor days read in one query at most: the sql grows with each */
const DAYS_PER_QUERY = 50;

/**
 * each visitor day's events by type: one card, one utc day, one daily visitor hash, so a visitor is
 * never followed past the day (the next day's hash is another). the card and time come first in the
 * table's order, so each request reads one card's day, not the table.
 */
export async function readVisitorDays(
  client: ClickHouseClient,
  days: readonly VisitorDay[],
): Promise<VisitorDayEvents[]> {
  const result: VisitorDayEvents[] = days.map(() => ({}));
  for (let start = 0; start < days.length; start += DAYS_PER_QUERY) {
    const group = days.slice(start, start + DAYS_PER_QUERY);
    const params: Params = {};
    const tests = group.map((request, r) => {
      const from = Date.parse(`${request.day}T00:00:00Z`);
      params[`p${r}`] = request.profileId;
      params[`h${r}`] = request.visitorHash;
      params[`f${r}`] = toClickHouseTime(new Date(from));
      params[`t${r}`] = toClickHouseTime(new Date(from + DAY));
      return `(profile_id = {p${r}:String} AND ts >= {f${r}:DateTime64(3, 'UTC')}
        AND ts < {t${r}:DateTime64(3, 'UTC')} AND visitor_hash = {h${r}:String})`;
    });
    const rows = await queryRows<{ r: number | string; type: string; n: number | string }>(
      client,
      `SELECT multiIf(${tests.map((test, r) => `${test}, ${r}`).join(', ')}, ${NO_REQUEST}) AS r,
         type, count() AS n
       FROM events WHERE ${tests.join(' OR ')}
       GROUP BY r, type`,
      params,
    );
    for (const row of rows) {
      const counts = result[start + Number(row.r)];
      if (counts) counts[row.type] = Number(row.n);
    }
  }
  return result;
}
