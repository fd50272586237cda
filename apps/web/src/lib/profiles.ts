import { useSearchParams } from 'react-router-dom';
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

/** the query parameter that names the picked card by its handle: Analytics and Leads keep it across */
export const CARD_PARAM = 'card';

/** the pages that show one card at a time, picked by ?card= */
const PICKED_CARD_PAGES = new Set(['/dashboard/analytics', '/dashboard/leads']);

/** a link to one of those pages takes the card picked on the current one along */
export function usePickedCardLink(): (path: string) => string {
  const [params] = useSearchParams();
  const card = params.get(CARD_PARAM);
  return (path) =>
    card && PICKED_CARD_PAGES.has(path) ? `${path}?${new URLSearchParams({ [CARD_PARAM]: card })}` : path;
}

/**
 * the owner's profiles, published first, and the one picked (the first until another is picked). the
 * pick lives in the address (?card=handle), so it survives a reload, Back and a move between pages.
 */
export function useSelectedProfile() {
  const profiles = useProfiles();
  const [params, setParams] = useSearchParams();
  const ordered = publishedFirst(profiles.data ?? []);
  const handle = params.get(CARD_PARAM);
  // the first published profile, else the first profile
  const profile = ordered.find((p) => p.handle === handle) ?? ordered[0] ?? null;
  const setSelectedId = (id: string) => {
    const picked = ordered.find((p) => p.id === id);
    if (!picked) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set(CARD_PARAM, picked.handle);
        return next;
      },
      { replace: true },
    );
  };
  return { profiles, ordered, profile, setSelectedId };
}
