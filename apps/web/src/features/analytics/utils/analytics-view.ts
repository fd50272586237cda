import {
  ANALYTICS_COMPARISONS,
  ANALYTICS_FILTER_KEYS,
  type AnalyticsComparison,
  type AnalyticsFilterKey,
  type AnalyticsFilters,
} from '@cardcraft/contracts';
import { DEFAULT_PRESET, isDayKey, isPresetKey, type RangeSelection } from './date-range';

/**
 * what a dashboard view shows, as it lives in the address: ?range=30d or ?from=2026-11-01&to=2026-11-15,
 * &compare=year, and one parameter per filter (&country=DE&device=mobile). other parameters (?card=)
 * are left as they are, so a view can be bookmarked, shared and walked with Back and Forward.
 */
export interface AnalyticsView {
  range: RangeSelection;
  compare: AnalyticsComparison;
  filters: AnalyticsFilters;
}

export const DEFAULT_COMPARISON: AnalyticsComparison = 'previous';
const RANGE_PARAMS = ['range', 'from', 'to', 'compare'] as const;

export function readView(params: URLSearchParams): AnalyticsView {
  const from = params.get('from');
  const to = params.get('to');
  const preset = params.get('range');
  const range: RangeSelection =
    isDayKey(from) && isDayKey(to) ? { from, to } : { preset: isPresetKey(preset) ? preset : DEFAULT_PRESET };
  const compare = params.get('compare');
  const filters: AnalyticsFilters = {};
  for (const key of ANALYTICS_FILTER_KEYS) {
    const value = params.get(key);
    if (value !== null && value !== '') filters[key] = value;
  }
  return {
    range,
    compare: ANALYTICS_COMPARISONS.find((kind) => kind === compare) ?? DEFAULT_COMPARISON,
    filters,
  };
}

/** the params with the view written in (the default comparison left out), other params kept */
export function writeView(params: URLSearchParams, view: AnalyticsView): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of [...RANGE_PARAMS, ...ANALYTICS_FILTER_KEYS]) next.delete(key);
  if ('preset' in view.range) next.set('range', view.range.preset);
  else {
    next.set('from', view.range.from);
    next.set('to', view.range.to);
  }
  if (view.compare !== DEFAULT_COMPARISON) next.set('compare', view.compare);
  for (const key of ANALYTICS_FILTER_KEYS) {
    const value = view.filters[key];
    if (value) next.set(key, value);
  }
  return next;
}

/** the range and comparison of a view as a query string, for a link that keeps them (the overview's rows) */
export function rangeSearch(view: AnalyticsView, extra: Record<string, string> = {}): string {
  const params = writeView(new URLSearchParams(extra), { ...view, filters: {} });
  return params.toString();
}

/** one filter per key: a second value of a key replaces the first */
export function withFilter(
  filters: AnalyticsFilters,
  key: AnalyticsFilterKey,
  value: string,
): AnalyticsFilters {
  return { ...filters, [key]: value };
}

export function withoutFilter(filters: AnalyticsFilters, key: AnalyticsFilterKey): AnalyticsFilters {
  const next = { ...filters };
  delete next[key];
  return next;
}
