import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { AnalyticsComparison, AnalyticsFilterKey } from '@cardcraft/contracts';
import type { AnalyticsQuery } from '../api/analytics-query';
import { resolveRange, type RangeSelection, type ResolvedRange } from '../utils/date-range';
import { readView, withFilter, withoutFilter, writeView, type AnalyticsView } from '../utils/analytics-view';

/**
 * the view in the address: each change is a new history entry, so Back and Forward walk the views and
 * a copied address opens the same one
 */
export function useAnalyticsView() {
  const [params, setParams] = useSearchParams();
  const view = useMemo(() => readView(params), [params]);
  const update = (change: (view: AnalyticsView) => AnalyticsView) =>
    setParams((current) => writeView(current, change(readView(current))));
  return {
    view,
    setRange: (range: RangeSelection) => update((v) => ({ ...v, range })),
    setCompare: (compare: AnalyticsComparison) => update((v) => ({ ...v, compare })),
    addFilter: (key: AnalyticsFilterKey, value: string) =>
      update((v) => ({ ...v, filters: withFilter(v.filters, key, value) })),
    removeFilter: (key: AnalyticsFilterKey) =>
      update((v) => ({ ...v, filters: withoutFilter(v.filters, key) })),
    clearFilters: () => update((v) => ({ ...v, filters: {} })),
  };
}

export type AnalyticsViewControls = ReturnType<typeof useAnalyticsView>;

/**
 * the view's query for the api, in a zone. `now` is taken when the range, the zone or the start
 * changes (and on refresh), not on every render: the query, and so its cache key, stays the same
 * between them. null while the zone is not known yet
 */
export function useAnalyticsQuery(
  view: AnalyticsView,
  timeZone: string | null,
  since: string | null = null,
): { query: AnalyticsQuery | null; range: ResolvedRange | null; refreshNow: () => void } {
  const key = `${JSON.stringify(view.range)}|${timeZone}|${since}`;
  const [clock, setClock] = useState(() => ({ key, now: new Date() }));
  if (clock.key !== key) setClock({ key, now: new Date() });
  const range = useMemo(
    () => (timeZone ? resolveRange(view.range, { timeZone, now: clock.now, since }) : null),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the key holds the range, zone and start
    [key, clock.now],
  );
  const query = useMemo(
    () =>
      range && timeZone
        ? { from: range.from, to: range.to, tz: timeZone, compare: view.compare, filters: view.filters }
        : null,
    [range, timeZone, view.compare, view.filters],
  );
  return { query, range, refreshNow: () => setClock({ key, now: new Date() }) };
}
