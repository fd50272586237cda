import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { Page, TeamLeadResponse } from '@cardcraft/contracts';
import { api } from '@/lib/api-client';
import { teamKeys, teamPath } from '@/lib/teams';
import { LEADS_PAGE_SIZE } from './get-leads';

export interface TeamLeadsFilter {
  memberId: string | null;
  profileId: string | null;
}

/** one inbox for the team: every card's messages for an admin, a member's own cards' for a member */
export function useTeamLeads(teamId: string, filter: TeamLeadsFilter, page: number) {
  return useQuery({
    queryKey: [...teamKeys.leads(teamId), filter.memberId, filter.profileId, page] as const,
    queryFn: ({ signal }) =>
      api.get<Page<TeamLeadResponse>>(teamPath(teamId, '/leads'), {
        query: { ...filter, page, pageSize: LEADS_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
    enabled: Boolean(teamId),
  });
}

/** the inbox as the filter shows it, as a CSV file */
export function useExportTeamLeads(teamId: string) {
  return useMutation({
    mutationFn: (filter: TeamLeadsFilter) =>
      api.get<Blob>(teamPath(teamId, '/leads/export'), {
        query: { ...filter },
        responseType: 'blob',
        headers: { Accept: 'text/csv' },
      }),
  });
}
