import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SharedDashboardResponse, VisitSummaryResponse } from '@cardcraft/contracts';
import { normalizeError } from '@/lib/api-client';
import { send, type RequestOptions } from '@/lib/api-transport';
import { analyticsQueryDefaults } from '@/lib/query-client';
import { analyticsParams, type AnalyticsQuery } from './analytics-query';

const sharedPath = (token: string, rest = '') => `/api/shared/analytics/${encodeURIComponent(token)}${rest}`;
/**
 * a shared link's calls: its 401 (locked, or a wrong password) is about the link, not the visitor's
 * own sign-in, so they skip the app's client that signs out on a 401
 */
async function sharedRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  try {
    return await send<T>(path, options);
  } catch (error) {
    throw normalizeError(error);
  }
}

const sharedKey = (token: string) => ['shared-dashboard', token] as const;

/** what a shared link shows before its figures: the card's name, whether it is locked, the owner's zone */
export function useSharedDashboard(token: string) {
  return useQuery({
    queryKey: sharedKey(token),
    queryFn: ({ signal }) => sharedRequest<SharedDashboardResponse>(sharedPath(token), { signal }),
    refetchOnWindowFocus: false,
  });
}

/** gives the link's password: the api sets a cookie, and the link is asked again (now unlocked) */
export function useUnlockSharedDashboard(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (password: string) =>
      sharedRequest<void>(sharedPath(token, '/unlock'), { method: 'POST', body: { password } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sharedKey(token) }),
  });
}

export function useSharedSummary(token: string, query: AnalyticsQuery | null) {
  const params = query ? analyticsParams(query) : null;
  return useQuery({
    queryKey: [...sharedKey(token), 'summary', params] as const,
    queryFn: ({ signal }) =>
      sharedRequest<VisitSummaryResponse>(sharedPath(token, '/summary'), { query: params ?? {}, signal }),
    enabled: params !== null,
    ...analyticsQueryDefaults,
  });
}
