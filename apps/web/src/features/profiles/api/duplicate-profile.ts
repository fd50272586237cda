import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfileResponse } from '@cardcraft/contracts';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-client';

/** a copy of the card: unpublished, under a free handle like ada-2 */
export function duplicateProfile(id: string): Promise<ProfileResponse> {
  return api.post<ProfileResponse>(`/api/profiles/${encodeURIComponent(id)}/duplicate`);
}

/** duplicates a card; the copy is cached for its editor and the list is refetched */
export function useDuplicateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => duplicateProfile(id),
    onSuccess: (copy) => {
      queryClient.setQueryData(queryKeys.profile(copy.id), copy);
      return queryClient.invalidateQueries({ queryKey: queryKeys.profiles });
    },
  });
}
