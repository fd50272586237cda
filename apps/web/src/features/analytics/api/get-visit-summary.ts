import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VisitSummaryResponse } from '@cardcraft/contracts';
import { api } from '@/lib/api-client';
import { analyticsQueryDefaults, queryKeys } from '@/lib/query-client';
import { periodRange } from '../utils/analytics-format';

export function getVisitSummary(profileId: string, days: number, signal?: AbortSignal) {
  return api.get<VisitSummaryResponse>(`/api/profiles/${encodeURIComponent(profileId)}/analytics/summary`, {
    query: periodRange(days),
    signal,
  });
}

export const visitSummaryQueryOptions = (profileId: string, days: number) =>
  queryOptions({
    queryKey: queryKeys.visitSummary(profileId, days),
    queryFn: ({ signal }) => getVisitSummary(profileId, days, signal),
    ...analyticsQueryDefaults,
  });

export function useVisitSummary(profileId: string | null, days: number) {
  return useQuery({ ...visitSummaryQueryOptions(profileId ?? '', days), enabled: Boolean(profileId) });
}
