import { useQuery } from '@tanstack/react-query';
import type { GoogleWalletLinkResponse } from '@cardcraft/contracts';
import { api } from '@/lib/api-client';

/** the card's "Save to Google Wallet" link, signed by the server */
export function getGoogleWalletLink(id: string, signal?: AbortSignal): Promise<GoogleWalletLinkResponse> {
  return api.get<GoogleWalletLinkResponse>(`/api/profiles/${encodeURIComponent(id)}/google-wallet`, {
    signal,
  });
}

/**
 * asked for when the card's menu opens, so the item is a plain link (a new tab opened after a request
 * would meet the browser's pop-up blocker); signed again on each opening and after each edit of the card
 */
export function useGoogleWalletLink(id: string, updatedAtUtc: string) {
  return useQuery({
    queryKey: ['google-wallet', id, updatedAtUtc] as const,
    queryFn: ({ signal }) => getGoogleWalletLink(id, signal),
    staleTime: 0,
    gcTime: 5 * 60_000,
  });
}
