import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BulkLeadAction, BulkLeadsResponse, LeadStatus } from '@cardcraft/contracts';
import { api } from '@/lib/api-client';
import { invalidateLeads, scopePath, type LeadScope } from './lead-scope';

export interface BulkLeadsRequest {
  leadIds: string[];
  action: BulkLeadAction;
  status?: LeadStatus;
  tags?: string[];
}

/** one change to many leads; each id gets its outcome */
export function bulkLeads(scope: LeadScope, request: BulkLeadsRequest): Promise<BulkLeadsResponse> {
  return api.post<BulkLeadsResponse>(scopePath(scope, '/bulk'), request);
}

export function useBulkLeads(scope: LeadScope) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: BulkLeadsRequest) => bulkLeads(scope, request),
    // the lists, the tags in use and a team's inbox may all have changed
    onSettled: () => invalidateLeads(queryClient),
  });
}
