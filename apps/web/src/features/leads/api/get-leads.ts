import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AccountLeadResponse, LeadSort, LeadStatus, Page, TeamLeadResponse } from '@cardcraft/contracts';
import { api } from '@/lib/api-client';
import { scopeKey, scopePath, type LeadScope } from './lead-scope';

export const LEADS_PAGE_SIZE = 20;

/** what the list asks the API for: the filters, the order and the page */
export interface LeadListQuery {
  profileId: string | null;
  /** a team's inbox only: one member's cards */
  memberId: string | null;
  status: LeadStatus | null;
  tag: string | null;
  from: string | null;
  to: string | null;
  q: string | null;
  sort: LeadSort;
  page: number;
}

/** a lead of either list: the account's carries its card, a team's its card and holder too */
export type ListedLead = AccountLeadResponse & Partial<Pick<TeamLeadResponse, 'holderId' | 'holderName'>>;

export function getLeads(scope: LeadScope, query: LeadListQuery, signal?: AbortSignal) {
  return api.get<Page<ListedLead>>(scopePath(scope), {
    query: { ...query, pageSize: LEADS_PAGE_SIZE },
    signal,
  });
}

export function leadListKey(scope: LeadScope, query: LeadListQuery) {
  return [...scopeKey(scope), 'list', query] as const;
}

export function useLeads(scope: LeadScope, query: LeadListQuery, enabled = true) {
  return useQuery({
    queryKey: leadListKey(scope, query),
    queryFn: ({ signal }) => getLeads(scope, query, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}
