import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateLeads } from './lead-scope';

export function deleteLead(profileId: string, leadId: string): Promise<void> {
  return api.delete<void>(
    `/api/profiles/${encodeURIComponent(profileId)}/leads/${encodeURIComponent(leadId)}`,
  );
}

export function useDeleteLead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ profileId, leadId }: { profileId: string; leadId: string }) =>
      deleteLead(profileId, leadId),
    // the account's list and a team's inbox both hold the card's leads
    onSuccess: () => invalidateLeads(queryClient),
  });
}
