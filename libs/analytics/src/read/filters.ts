import { filtersOf, type AnalyticsFilters } from '@cardcraft/contracts';
import type { StoreFilter, ViewDimension } from '../ports';
import { DIRECT_REFERRER } from './response-assembler';

/** the view column each filter key tests */
const COLUMN_OF: Record<Exclude<keyof AnalyticsFilters, 'link'>, ViewDimension> = {
  country: 'country',
  city: 'city',
  device: 'device',
  browser: 'browser',
  channel: 'channel',
  referrer: 'referrer_host',
  utm_source: 'utm_source',
  utm_medium: 'utm_medium',
  utm_campaign: 'utm_campaign',
};

/**
 * the filters as the store tests them: a value is a key the summary answers, so the names it gives
 * stored values go back to them ('Direct' referrer: no host; 'direct' channel: 'direct' or none)
 */
export function storeFilterOf(filters: AnalyticsFilters): StoreFilter {
  const views: StoreFilter['views'] = [];
  let link: string | null = null;
  for (const [key, value] of Object.entries(filtersOf(filters)) as Array<[keyof AnalyticsFilters, string]>) {
    if (key === 'link') {
      link = value;
      continue;
    }
    const column = COLUMN_OF[key];
    if (key === 'referrer' && value === DIRECT_REFERRER) views.push({ column, values: [''] });
    else if (key === 'channel' && value === 'direct') views.push({ column, values: ['direct', ''] });
    else views.push({ column, values: [value] });
  }
  return { views, link };
}

export const NO_FILTER: StoreFilter = { views: [], link: null };

export function isFiltered(filter: StoreFilter): boolean {
  return filter.views.length > 0 || filter.link !== null;
}

/** the same filter set whatever order its keys came in (filtersOf orders them) */
export function filterKey(filter: StoreFilter): string {
  return JSON.stringify(filter);
}
