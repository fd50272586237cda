import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { LeadResponse, LeadStatus, Page } from '@cardcraft/contracts';
import { api } from '@/lib/api-client';
import { invalidateLeads, isLeadsQuery } from './lead-scope';

export interface LeadChanges {
  status?: LeadStatus;
  tags?: string[];
  note?: string | null;
}

export interface UpdateLeadVariables {
  profileId: string;
  leadId: string;
  changes: LeadChanges;
}

export function updateLead({ profileId, leadId, changes }: UpdateLeadVariables): Promise<LeadResponse> {
  return api.patch<LeadResponse>(
    `/api/profiles/${encodeURIComponent(profileId)}/leads/${encodeURIComponent(leadId)}`,
    changes,
  );
}

function isPage(data: unknown): data is Page<LeadResponse> {
  return typeof data === 'object' && data !== null && Array.isArray((data as Page<LeadResponse>).items);
}

/**
 * a lead's status, tags or note, saved at once. every list that holds the lead shows the change before
 * the answer comes, and goes back to what it held when the change is refused
 */
export function useUpdateLead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateLead,
    onMutate: async ({ leadId, changes }) => {
      await queryClient.cancelQueries({ predicate: isLeadsQuery });
      const before: Array<[QueryKey, unknown]> = queryClient.getQueriesData({ predicate: isLeadsQuery });
      for (const [key, data] of before) {
        if (!isPage(data) || !data.items.some((lead) => lead.id === leadId)) continue;
        queryClient.setQueryData(key, {
          ...data,
          items: data.items.map((lead) => (lead.id === leadId ? { ...lead, ...changes } : lead)),
        });
      }
      return { before };
    },
    onError: (_error, _variables, context) => {
      for (const [key, data] of context?.before ?? []) queryClient.setQueryData(key, data);
    },
    // the server's order and filters decide whether the lead stays on the page; the tags in use may change
    onSettled: () => invalidateLeads(queryClient),
  });
}
