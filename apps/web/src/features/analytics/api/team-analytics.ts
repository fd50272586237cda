import { useQuery } from '@tanstack/react-query';
import type { TeamAnalyticsResponse } from '@cardcraft/contracts';
import { api } from '@/lib/api-client';
import { analyticsQueryDefaults } from '@/lib/query-client';
import { teamKeys, teamPath } from '@/lib/teams';
import type { AnalyticsQuery } from './analytics-query';

/** the team's figures over every card in reach (or one member's), with a row a card: it reads the range only */
export function useTeamAnalytics(teamId: string, query: AnalyticsQuery | null, memberId: string | null) {
  const range = query ? { from: query.from, to: query.to } : null;
  return useQuery({
    queryKey: [...teamKeys.analytics(teamId), range, memberId] as const,
    queryFn: ({ signal }) =>
      api.get<TeamAnalyticsResponse>(teamPath(teamId, '/analytics/summary'), {
        query: { ...range, memberId },
        signal,
      }),
    enabled: Boolean(teamId) && range !== null,
    ...analyticsQueryDefaults,
  });
}
