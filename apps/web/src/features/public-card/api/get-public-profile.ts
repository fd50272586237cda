import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicProfileResponse } from '@cardcraft/contracts/responses';
import { api } from '@/lib/api-client';
import { normalizeError } from '@/lib/api-error';
import { publicProfileQueryDefaults, queryKeys } from '@/lib/query-client';

/** where the visit came from: sent along with the read so the recorded view carries it */
export interface ViewContext {
  ref?: string;
  utm_source?: string;
  utm_medium?: string;
  utm_campaign?: string;
  src?: string;
}

const PASSED_PARAMS = ['utm_source', 'utm_medium', 'utm_campaign', 'src'] as const;

/** reads the referrer and the campaign parameters of the page address */
export function readViewContext(search: string, referrer: string, origin: string): ViewContext {
  const params = new URLSearchParams(search);
  const context: ViewContext = {};
  for (const name of PASSED_PARAMS) {
    const value = params.get(name)?.trim();
    if (value) context[name] = value.slice(0, name === 'src' ? 32 : 100);
  }
  // the referrer is where the visit came from (a site, or an app such as android-app://com.slack);
  // a page of this app itself is not a traffic source
  const ref = referrer.trim();
  if (ref) {
    let sameOrigin = false;
    try {
      sameOrigin = new URL(ref).origin === origin;
    } catch {
      // not a URL the browser can read: the api keeps what it can of it
    }
    if (!sameOrigin) context.ref = ref.slice(0, 2048);
  }
  return context;
}

export function getPublicProfile(handle: string, context: ViewContext = {}): Promise<PublicProfileResponse> {
  return api.get<PublicProfileResponse>(`/api/public/profiles/${encodeURIComponent(handle)}`, {
    query: { ...context },
  });
}

/** retries once, except for a 404: a missing card will not appear on a second try */
function retryOnce(failureCount: number, error: unknown): boolean {
  return normalizeError(error).status !== 404 && failureCount < 1;
}

export function publicProfileQueryOptions(handle: string, context: ViewContext, viewerId: string | null) {
  return queryOptions({
    // the viewer is part of the key: the answer says whether they own the card
    queryKey: [...queryKeys.publicProfile(handle), 'view', viewerId ?? 'guest'] as const,
    queryFn: () => getPublicProfile(handle, context),
    ...publicProfileQueryDefaults,
    retry: retryOnce,
  });
}

export function usePublicProfile(
  handle: string,
  context: ViewContext,
  viewerId: string | null,
  enabled = true,
) {
  return useQuery({ ...publicProfileQueryOptions(handle, context, viewerId), enabled });
}
