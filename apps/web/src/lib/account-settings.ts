import { useQuery } from '@tanstack/react-query';
import type { AccountSettingsResponse } from '@cardcraft/contracts';
import { api } from './api-client';
import { useSession } from './session';

/** the cache key of the account's settings: the settings page writes what analytics reads */
export const ACCOUNT_SETTINGS_KEY = ['account', 'settings'] as const;

/** the zone of the browser, used until the owner picks one */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/**
 * the zone the owner's days are counted in: the one chosen in the settings, else the browser's. ready
 * once the settings answered (or failed: the browser's zone then), so a page asks its figures once
 */
export function useAccountTimeZone(): { timeZone: string; ready: boolean } {
  const { isAuthenticated } = useSession();
  const settings = useQuery({
    queryKey: ACCOUNT_SETTINGS_KEY,
    queryFn: () => api.get<AccountSettingsResponse>('/api/account/settings'),
    enabled: isAuthenticated,
  });
  return {
    timeZone: settings.data?.timeZone || browserTimeZone(),
    ready: !settings.isPending || !isAuthenticated,
  };
}
