import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CardTemplateInputDto, CardTemplateResponse } from '@cardcraft/contracts';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-client';
import { teamKeys, teamPath } from '@/lib/teams';

const templatePath = (teamId: string, templateId: string) =>
  teamPath(teamId, `/templates/${encodeURIComponent(templateId)}`);

export const templateQueryOptions = (teamId: string, templateId: string) =>
  queryOptions({
    queryKey: teamKeys.template(teamId, templateId),
    queryFn: ({ signal }) => api.get<CardTemplateResponse>(templatePath(teamId, templateId), { signal }),
  });

export function useTemplate(teamId: string, templateId: string | undefined) {
  return useQuery({ ...templateQueryOptions(teamId, templateId ?? ''), enabled: Boolean(templateId) });
}

/** a new template, or the template's new content: the server writes its locked fields into its cards */
export function useSaveTemplate(teamId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ templateId, body }: { templateId: string | null; body: CardTemplateInputDto }) =>
      templateId
        ? api.put<CardTemplateResponse>(templatePath(teamId, templateId), body)
        : api.post<CardTemplateResponse>(teamPath(teamId, '/templates'), body),
    onSuccess: (saved) => {
      queryClient.setQueryData(teamKeys.template(teamId, saved.id), saved);
      return Promise.all([
        // the team's templates and the cards made from this one, which the server changed too
        queryClient.invalidateQueries({ queryKey: teamKeys.team(teamId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.profiles }),
        queryClient.invalidateQueries({ queryKey: ['profile'] }),
      ]);
    },
  });
}
