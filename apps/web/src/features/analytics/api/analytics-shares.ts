import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AnalyticsShareResponse, CreateAnalyticsShareDto } from '@cardcraft/contracts';
import { api } from '@/lib/api-client';

// the owner's read-only links to one card's analytics (the link holder's page reads /api/shared/...)

export const analyticsShareKeys = {
  list: (profileId: string) => ['analytics-shares', profileId] as const,
};

const sharesPath = (profileId: string, rest = '') =>
  `/api/profiles/${encodeURIComponent(profileId)}/analytics/shares${rest}`;

/** the card's links, newest first; read only while the dialog is open */
export function useAnalyticsShares(profileId: string, enabled = true) {
  return useQuery({
    queryKey: analyticsShareKeys.list(profileId),
    queryFn: ({ signal }) => api.get<AnalyticsShareResponse[]>(sharesPath(profileId), { signal }),
    enabled,
  });
}

function useSharesChange<I, O>(profileId: string, send: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: analyticsShareKeys.list(profileId) }),
  });
}

export const useCreateAnalyticsShare = (profileId: string) =>
  useSharesChange(profileId, (body: CreateAnalyticsShareDto) =>
    api.post<AnalyticsShareResponse>(sharesPath(profileId), body),
  );

export const useRevokeAnalyticsShare = (profileId: string) =>
  useSharesChange(profileId, (shareId: string) =>
    api.delete<void>(sharesPath(profileId, `/${encodeURIComponent(shareId)}`)),
  );
