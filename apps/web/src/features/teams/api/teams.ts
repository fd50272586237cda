import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateTeamDto, TeamResponse, UpdateTeamDto } from '@cardcraft/contracts';
import { api } from '@/lib/api-client';
import { teamKeys, teamPath } from '@/lib/teams';

export function useCreateTeam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateTeamDto) => api.post<TeamResponse>('/api/teams', body),
    onSuccess: (team) => {
      queryClient.setQueryData(teamKeys.team(team.id), team);
      return queryClient.invalidateQueries({ queryKey: teamKeys.list });
    },
  });
}

/** the name and the brand; the team's cards show the new brand from their next view */
export function useUpdateTeam(teamId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateTeamDto) => api.patch<TeamResponse>(teamPath(teamId), body),
    onSuccess: (team) => {
      queryClient.setQueryData(teamKeys.team(team.id), team);
      return queryClient.invalidateQueries({ queryKey: teamKeys.list });
    },
  });
}
