import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VisitSummaryResponse } from '@cardcraft/contracts';
import { api } from '@/lib/api-client';
import { analyticsQueryDefaults, queryKeys } from '@/lib/query-client';
import { analyticsParams, type AnalyticsQuery } from './analytics-query';

export function getVisitSummary(profileId: string, query: AnalyticsQuery, signal?: AbortSignal) {
  return api.get<VisitSummaryResponse>(`/api/profiles/${encodeURIComponent(profileId)}/analytics/summary`, {
    query: analyticsParams(query),
    signal,
  });
}

export const visitSummaryQueryOptions = (profileId: string, query: AnalyticsQuery) =>
  queryOptions({
    queryKey: queryKeys.visitSummary(profileId, analyticsParams(query)),
    queryFn: ({ signal }) => getVisitSummary(profileId, query, signal),
    ...analyticsQueryDefaults,
  });

/** a card's figures; waits while there is no card or no query yet (the owner's zone still loading) */
export function useVisitSummary(profileId: string | null, query: AnalyticsQuery | null) {
  return useQuery({
    ...visitSummaryQueryOptions(profileId ?? '', query ?? EMPTY_QUERY),
    enabled: Boolean(profileId && query),
  });
}

const EMPTY_QUERY: AnalyticsQuery = { from: '', to: '', tz: 'UTC', compare: 'previous', filters: {} };
