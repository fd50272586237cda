import { useQuery } from '@tanstack/react-query';
import type { AnalyticsOverviewResponse } from '@cardcraft/contracts';
import { api } from '@/lib/api-client';
import { analyticsQueryDefaults } from '@/lib/query-client';
import { teamPath } from '@/lib/teams';
import type { AnalyticsQuery } from './analytics-query';

/** the overview reads the range and the comparison; its figures are not filtered */
function overviewParams(query: AnalyticsQuery) {
  return { from: query.from, to: query.to, tz: query.tz, compare: query.compare };
}

/** every card of the account at once (teamId null), or of a team */
export function useAnalyticsOverview(teamId: string | null, query: AnalyticsQuery | null) {
  const params = query ? overviewParams(query) : null;
  return useQuery({
    queryKey: ['analytics-overview', teamId ?? 'account', params] as const,
    queryFn: ({ signal }) =>
      api.get<AnalyticsOverviewResponse>(
        teamId ? teamPath(teamId, '/analytics/overview') : '/api/analytics/overview',
        {
          query: params ?? {},
          signal,
        },
      ),
    enabled: params !== null,
    ...analyticsQueryDefaults,
  });
}
