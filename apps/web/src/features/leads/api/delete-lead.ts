import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { teamKeys } from '@/lib/teams';

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
    onSuccess: (_data, { profileId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['leads', profileId] }),
        // a team's inbox holds the card's messages too
        queryClient.invalidateQueries({
          queryKey: teamKeys.all,
          predicate: (q) => q.queryKey[2] === 'leads',
        }),
      ]),
  });
}
