import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccountSessionsResponse, EndedSessionsResponse } from '@cardcraft/contracts';
import { api } from '@/lib/api-client';

const SESSIONS_KEY = ['account', 'sessions'] as const;

/** the account's live sessions, this one first */
export function useAccountSessions() {
  return useQuery({
    queryKey: SESSIONS_KEY,
    queryFn: () => api.get<AccountSessionsResponse>('/api/auth/sessions'),
  });
}

export function useEndSession() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(`/api/auth/sessions/${encodeURIComponent(id)}`),
    onSettled: () => client.invalidateQueries({ queryKey: SESSIONS_KEY }),
  });
}

export function useEndOtherSessions() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<EndedSessionsResponse>('/api/auth/sessions/end-others'),
    onSettled: () => client.invalidateQueries({ queryKey: SESSIONS_KEY }),
  });
}
