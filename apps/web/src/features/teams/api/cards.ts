import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateTeamCardDto, ProfileResponse, TeamCardResponse } from '@cardcraft/contracts';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-client';
import { teamKeys, teamPath } from '@/lib/teams';

const cardPath = (teamId: string, profileId: string, rest: string) =>
  teamPath(teamId, `/cards/${encodeURIComponent(profileId)}${rest}`);

function useCardsChange<I>(teamId: string, send: (input: I) => Promise<TeamCardResponse>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: teamKeys.all }),
        // a card made for or given to the caller is in their own list too
        queryClient.invalidateQueries({ queryKey: queryKeys.profiles }),
      ]),
  });
}

export const useCreateTeamCard = (teamId: string) =>
  useCardsChange(teamId, (body: CreateTeamCardDto) =>
    api.post<TeamCardResponse>(teamPath(teamId, '/cards'), body),
  );

export const useAssignCard = (teamId: string) =>
  useCardsChange(teamId, ({ profileId, holderId }: { profileId: string; holderId: string }) =>
    api.post<TeamCardResponse>(cardPath(teamId, profileId, '/assign'), { holderId }),
  );

/** the card itself, through its own route: its holder and the team's admins reach it alike */
export function getTeamCard(profileId: string): Promise<ProfileResponse> {
  return api.get<ProfileResponse>(`/api/profiles/${encodeURIComponent(profileId)}`);
}
