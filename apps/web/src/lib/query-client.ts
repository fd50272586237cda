import { QueryClient } from '@tanstack/react-query';
import { normalizeError } from './api-error';

const MAX_RETRIES = 3;

/** up to 3 retries, none for 401 or 404 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  const status = normalizeError(error).status;
  if (status === 401 || status === 404) return false;
  return failureCount < MAX_RETRIES;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 5 * 60_000, retry: shouldRetry },
      mutations: { retry: false },
    },
  });
}

/** analytics queries: fresh for 30 seconds, no refetch on focus */
export const analyticsQueryDefaults = { staleTime: 30_000, refetchOnWindowFocus: false } as const;

/** the public profile: retries once, no refetch on focus */
export const publicProfileQueryDefaults = { retry: 1, refetchOnWindowFocus: false } as const;

/** cache keys shared across features (the editor refreshes what the list, analytics and public page read) */
export const queryKeys = {
  profiles: ['profiles'] as const,
  profile: (id: string) => ['profile', id] as const,
  publicProfile: (handle: string) => ['public-profile', handle] as const,
  visitSummaryAll: ['visit-summary'] as const,
  /** a card's summary for a query (its range, zone, comparison and filters as the api's parameters) */
  visitSummary: (profileId: string, query: Record<string, string>) =>
    ['visit-summary', profileId, query] as const,
  visits: (profileId: string, query: Record<string, string>) => ['visits', profileId, query] as const,
  account: ['account'] as const,
};
