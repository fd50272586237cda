import { toClickHouseTime } from '../../events';
import type { StoreFilter, TimeRange } from '../../ports';
import { DAY, type Params } from './sql';

/**
 * the UTC days that ranges touch, as few spans of whole days as can be: a filter's visitors are those
 * whose view that UTC day matched (visitor ids are per card and UTC day)
 */
export function daySpans(ranges: TimeRange[]): Array<[number, number]> {
  const days = [
    ...new Set(
      ranges.flatMap((range) => {
        const out: number[] = [];
        const last = Math.floor(range.to.getTime() / DAY);
        for (let day = Math.floor(range.from.getTime() / DAY); day <= last; day++) out.push(day);
        return out;
      }),
    ),
  ].sort((a, b) => a - b);
  const spans: Array<[number, number]> = [];
  for (const day of days) {
    const last = spans[spans.length - 1];
    if (last && last[1] === day * DAY) last[1] = (day + 1) * DAY;
    else spans.push([day * DAY, (day + 1) * DAY]);
  }
  return spans;
}

/**
 * the test that keeps the events of a filter's visitors (empty: no filter): their (UTC day, visitor)
 * among those whose view matched every view test, and who clicked the link. `card` is the sql of the
 * card's id; values are bound in `params` under `prefix`
 */
export function keptVisitorsTest(
  filter: StoreFilter,
  ranges: TimeRange[],
  card: string,
  params: Params,
  prefix = 'kept',
): string {
  if (filter.views.length === 0 && filter.link === null) return '';
  const spans = daySpans(ranges)
    .map(([from, to], i) => {
      params[`${prefix}d${i}f`] = toClickHouseTime(new Date(from));
      params[`${prefix}d${i}t`] = toClickHouseTime(new Date(to));
      return `(ts >= {${prefix}d${i}f:DateTime64(3, 'UTC')} AND ts < {${prefix}d${i}t:DateTime64(3, 'UTC')})`;
    })
    .join(' OR ');
  const within = `profile_id = ${card} AND (${spans})`;
  const tests: string[] = [];
  if (filter.views.length > 0) {
    const views = filter.views.map(({ column, values }, i) => {
      params[`${prefix}v${i}`] = values;
      // the column is one of VIEW_DIMENSIONS (a fixed list), never the caller's text
      return `toString(${column}) IN {${prefix}v${i}:Array(String)}`;
    });
    tests.push(
      `(toDate(ts), visitor_id) IN (SELECT toDate(ts), visitor_id FROM events
         WHERE ${within} AND type = 'view' AND ${views.join(' AND ')})`,
    );
  }
  if (filter.link !== null) {
    params[`${prefix}link`] = filter.link;
    tests.push(
      `(toDate(ts), visitor_id) IN (SELECT toDate(ts), visitor_id FROM events
         WHERE ${within} AND type = 'link_clicked' AND target = {${prefix}link:String})`,
    );
  }
  return ` AND ${tests.join(' AND ')}`;
}
