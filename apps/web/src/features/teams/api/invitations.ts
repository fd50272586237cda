import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AcceptInvitationResponse,
  BulkInviteDto,
  BulkInviteResponse,
  InvitationPreviewResponse,
  InviteMemberDto,
  TeamInvitationResponse,
} from '@cardcraft/contracts';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-client';
import { teamKeys, teamPath } from '@/lib/teams';

const invitationPath = (teamId: string, id: string, rest = '') =>
  teamPath(teamId, `/invitations/${encodeURIComponent(id)}${rest}`);

export function useInvitations(teamId: string) {
  return useQuery({
    queryKey: teamKeys.invitations(teamId),
    queryFn: ({ signal }) => api.get<TeamInvitationResponse[]>(teamPath(teamId, '/invitations'), { signal }),
    enabled: Boolean(teamId),
  });
}

function useInvitationsChange<I, O>(teamId: string, send: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys.invitations(teamId) }),
  });
}

export const useInvite = (teamId: string) =>
  useInvitationsChange(teamId, (body: InviteMemberDto) =>
    api.post<TeamInvitationResponse>(teamPath(teamId, '/invitations'), body),
  );

export const useBulkInvite = (teamId: string) =>
  useInvitationsChange(teamId, (body: BulkInviteDto) =>
    api.post<BulkInviteResponse>(teamPath(teamId, '/invitations/bulk'), body),
  );

export const useResendInvitation = (teamId: string) =>
  useInvitationsChange(teamId, (id: string) =>
    api.post<TeamInvitationResponse>(invitationPath(teamId, id, '/resend')),
  );

export const useRevokeInvitation = (teamId: string) =>
  useInvitationsChange(teamId, (id: string) => api.delete<void>(invitationPath(teamId, id)));

/**
 * what an invitation's link shows before joining; anyone may ask, signed in or not. the token goes in
 * the body, never in the address, so no log on the way holds it
 */
export function useInvitationPreview(token: string | null) {
  return useQuery({
    queryKey: ['invitation', token] as const,
    queryFn: ({ signal }) =>
      api.post<InvitationPreviewResponse>('/api/invitations/preview', { token }, { signal }),
    enabled: Boolean(token),
    retry: false,
    // the page is open while its reader signs up in the same tab; a second look costs a request only
    staleTime: 60_000,
  });
}

export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => api.post<AcceptInvitationResponse>('/api/invitations/accept', { token }),
    // the new team, and the card its template made, show at once
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: teamKeys.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.profiles }),
      ]),
  });
}
