import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { LeadResponse, Page } from '@cardcraft/contracts';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-client';

export const LEADS_PAGE_SIZE = 20;

export function getLeads(profileId: string, page: number, signal?: AbortSignal) {
  return api.get<Page<LeadResponse>>(`/api/profiles/${encodeURIComponent(profileId)}/leads`, {
    query: { page, pageSize: LEADS_PAGE_SIZE },
    signal,
  });
}

export const leadsQueryOptions = (profileId: string, page: number) =>
  queryOptions({
    queryKey: queryKeys.leads(profileId, page),
    queryFn: ({ signal }) => getLeads(profileId, page, signal),
    placeholderData: keepPreviousData,
  });

export function useLeads(profileId: string | null, page: number) {
  return useQuery({ ...leadsQueryOptions(profileId ?? '', page), enabled: Boolean(profileId) });
}
