import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-client';

export function deleteProfile(id: string): Promise<void> {
  return api.delete<void>(`/api/profiles/${encodeURIComponent(id)}`);
}

/** deletes a profile; the list is refetched afterwards */
export function useDeleteProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteProfile(id),
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: queryKeys.profile(id) });
      return queryClient.invalidateQueries({ queryKey: queryKeys.profiles });
    },
  });
}
