import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VisitListResponse } from '@cardcraft/contracts';
import { api } from '@/lib/api-client';
import { analyticsQueryDefaults, queryKeys } from '@/lib/query-client';
import { analyticsParams, type AnalyticsQuery } from './analytics-query';

export const VISITS_PAGE_SIZE = 10;

export function getVisits(profileId: string, query: AnalyticsQuery, signal?: AbortSignal) {
  return api.get<VisitListResponse>(`/api/profiles/${encodeURIComponent(profileId)}/analytics/visits`, {
    query: { ...analyticsParams(query), pageSize: VISITS_PAGE_SIZE },
    signal,
  });
}

export const visitsQueryOptions = (profileId: string, query: AnalyticsQuery) =>
  queryOptions({
    queryKey: queryKeys.visits(profileId, analyticsParams(query)),
    queryFn: ({ signal }) => getVisits(profileId, query, signal),
    ...analyticsQueryDefaults,
  });

/** the visit list loads beside the summary, not after it: neither waits for the other */
export function useVisits(profileId: string | null, query: AnalyticsQuery | null) {
  return useQuery({
    ...visitsQueryOptions(
      profileId ?? '',
      query ?? { from: '', to: '', tz: 'UTC', compare: 'previous', filters: {} },
    ),
    enabled: Boolean(profileId && query),
  });
}
