import { useQuery } from '@tanstack/react-query';
import type { TeamAnalyticsResponse } from '@cardcraft/contracts';
import { api } from '@/lib/api-client';
import { analyticsQueryDefaults } from '@/lib/query-client';
import { teamKeys, teamPath } from '@/lib/teams';
import { periodRange } from '../utils/analytics-format';

/** the team's figures over every card in reach (or one member's), with a row a card */
export function useTeamAnalytics(teamId: string, days: number, memberId: string | null) {
  return useQuery({
    queryKey: [...teamKeys.analytics(teamId), days, memberId] as const,
    queryFn: ({ signal }) =>
      api.get<TeamAnalyticsResponse>(teamPath(teamId, '/analytics/summary'), {
        query: { ...periodRange(days), memberId },
        signal,
      }),
    enabled: Boolean(teamId),
    ...analyticsQueryDefaults,
  });
}
