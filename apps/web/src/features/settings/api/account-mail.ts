import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccountSettingsResponse, UnsubscribeResponse } from '@cardcraft/contracts';
import { api } from '@/lib/api-client';

const SETTINGS_KEY = ['account', 'settings'] as const;

export function getAccountSettings(): Promise<AccountSettingsResponse> {
  return api.get<AccountSettingsResponse>('/api/account/settings');
}

export function updateAccountSettings(
  body: Partial<AccountSettingsResponse>,
): Promise<AccountSettingsResponse> {
  return api.patch<AccountSettingsResponse>('/api/account/settings', body);
}

/** asks for a new address: a link goes to it, and the change applies when it is opened */
export function requestEmailChange(body: { newEmail: string; currentPassword: string }) {
  return api.post<{ message: string }>('/api/account/email', body);
}

export function useAccountSettings() {
  return useQuery({ queryKey: SETTINGS_KEY, queryFn: getAccountSettings });
}

export function useUpdateAccountSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAccountSettings,
    onSuccess: (settings) => queryClient.setQueryData(SETTINGS_KEY, settings),
  });
}

export function useRequestEmailChange() {
  return useMutation({ mutationFn: requestEmailChange });
}

/** the analytics mails' unsubscribe link: its token turns its mail off, no session needed */
export function useUnsubscribe() {
  return useMutation({
    mutationFn: (token: string) => api.post<UnsubscribeResponse>('/api/mail/unsubscribe', { token }),
  });
}
