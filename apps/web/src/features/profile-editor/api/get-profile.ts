import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProfileResponse } from '@cardcraft/contracts';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-client';

export function getProfile(id: string, signal?: AbortSignal): Promise<ProfileResponse> {
  return api.get<ProfileResponse>(`/api/profiles/${encodeURIComponent(id)}`, { signal });
}

export const profileQueryOptions = (id: string) =>
  queryOptions({ queryKey: queryKeys.profile(id), queryFn: ({ signal }) => getProfile(id, signal) });

export function useProfile(id: string | undefined) {
  return useQuery({ ...profileQueryOptions(id ?? ''), enabled: Boolean(id) });
}
