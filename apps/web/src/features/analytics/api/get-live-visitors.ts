import { useQuery } from '@tanstack/react-query';
import type { LiveVisitorsResponse } from '@cardcraft/contracts';
import { api } from '@/lib/api-client';

/** how often the live widget asks again while the page is open */
export const LIVE_REFRESH_MS = 15_000;

export function getLiveVisitors(profileId: string, signal?: AbortSignal) {
  return api.get<LiveVisitorsResponse>(`/api/profiles/${encodeURIComponent(profileId)}/analytics/live`, {
    signal,
  });
}

/** visitors of the last five minutes, refreshed on its own while the dashboard is open and visible */
export function useLiveVisitors(profileId: string | null) {
  return useQuery({
    queryKey: ['analytics-live', profileId ?? ''] as const,
    queryFn: ({ signal }) => getLiveVisitors(profileId ?? '', signal),
    enabled: Boolean(profileId),
    refetchInterval: LIVE_REFRESH_MS,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
  });
}
