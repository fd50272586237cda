import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  RemoveMemberDto,
  TeamMemberResponse,
  TeamRole,
  TeamSecurityResponse,
} from '@cardcraft/contracts';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-client';
import { teamKeys, teamPath } from '@/lib/teams';

const memberPath = (teamId: string, userId: string) =>
  teamPath(teamId, `/members/${encodeURIComponent(userId)}`);

export function useChangeRole(teamId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, role }: { userId: string; role: TeamRole }) =>
      api.patch<TeamMemberResponse>(memberPath(teamId, userId), { role }),
    // the caller's own role may be what changed
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys.team(teamId) }),
  });
}

export type RemoveMemberInput = { userId: string } & Pick<RemoveMemberDto, 'cards' | 'transferTo'>;

/** an admin removing someone, or anyone leaving (their own id): their team cards go as `cards` says */
export function useRemoveMember(teamId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, cards, transferTo }: RemoveMemberInput) =>
      api.delete<void>(memberPath(teamId, userId), { cards, transferTo }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: teamKeys.all }),
        // cards may have moved to or from the caller's own list
        queryClient.invalidateQueries({ queryKey: queryKeys.profiles }),
      ]),
  });
}

/** an owner's: whether the team's people must sign in with two-step verification */
export function useTeamSecurity(teamId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (requireSecondFactor: boolean) =>
      api.put<TeamSecurityResponse>(teamPath(teamId, '/security'), { requireSecondFactor }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: teamKeys.team(teamId) }),
        queryClient.invalidateQueries({ queryKey: teamKeys.list }),
      ]),
  });
}
