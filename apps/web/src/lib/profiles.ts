import { useState } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProfileResponse } from '@cardcraft/contracts';
import { api } from './api-client';
import { queryKeys } from './query-client';
import { useSession } from './session';

// the owner's profile list is read by the dashboard, the editor, analytics and leads: it lives here.
export function getProfiles(signal?: AbortSignal): Promise<ProfileResponse[]> {
  return api.get<ProfileResponse[]>('/api/profiles', { signal });
}

export const profilesQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.profiles, queryFn: ({ signal }) => getProfiles(signal) });

export function useProfiles() {
  const { isAuthenticated } = useSession();
  return useQuery({ ...profilesQueryOptions(), enabled: isAuthenticated });
}

/** published profiles first, then drafts; each group keeps the server's order */
export function publishedFirst(profiles: ProfileResponse[]): ProfileResponse[] {
  return [...profiles.filter((p) => p.published), ...profiles.filter((p) => !p.published)];
}

/** the owner's profiles, published first, and the one picked (the first until another is picked) */
export function useSelectedProfile() {
  const profiles = useProfiles();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const ordered = publishedFirst(profiles.data ?? []);
  // the first published profile, else the first profile
  const profile = ordered.find((p) => p.id === selectedId) ?? ordered[0] ?? null;
  return { profiles, ordered, profile, setSelectedId };
}
