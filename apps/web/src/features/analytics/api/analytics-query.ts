import { filtersOf, type AnalyticsComparison, type AnalyticsFilters } from '@cardcraft/contracts';

/** what every dashboard read sends: the range's instants, the zone its days are counted in, the comparison and the filters */
export interface AnalyticsQuery {
  from: string;
  to: string;
  tz: string;
  compare: AnalyticsComparison;
  filters: AnalyticsFilters;
}

/** the query's parameters as the api reads them (?from&to&tz&compare&country=DE...) */
export function analyticsParams(query: AnalyticsQuery): Record<string, string> {
  return {
    from: query.from,
    to: query.to,
    tz: query.tz,
    compare: query.compare,
    ...filtersOf(query.filters),
  };
}
