import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VisitListResponse } from '@cardcraft/contracts';
import { api } from '@/lib/api-client';
import { analyticsQueryDefaults, queryKeys } from '@/lib/query-client';
import { periodRange } from '../utils/analytics-format';

export const VISITS_PAGE_SIZE = 10;

export function getVisits(profileId: string, days: number, signal?: AbortSignal) {
  return api.get<VisitListResponse>(`/api/profiles/${encodeURIComponent(profileId)}/analytics/visits`, {
    query: { ...periodRange(days), pageSize: VISITS_PAGE_SIZE },
    signal,
  });
}

export const visitsQueryOptions = (profileId: string, days: number) =>
  queryOptions({
    queryKey: queryKeys.visits(profileId, days),
    queryFn: ({ signal }) => getVisits(profileId, days, signal),
    ...analyticsQueryDefaults,
  });

/** the visit list loads beside the summary, not after it: neither waits for the other */
export function useVisits(profileId: string | null, days: number) {
  return useQuery({ ...visitsQueryOptions(profileId ?? '', days), enabled: Boolean(profileId) });
}
