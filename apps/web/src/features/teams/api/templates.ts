import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { teamKeys, teamPath } from '@/lib/teams';

export function useDeleteTemplate(teamId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (templateId: string) =>
      api.delete<void>(teamPath(teamId, `/templates/${encodeURIComponent(templateId)}`)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys.templates(teamId) }),
  });
}
