import { useMutation } from '@tanstack/react-query';
import type { UserResponse } from '@cardcraft/contracts';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/session';

export function updateAccount(body: { displayName: string }): Promise<UserResponse> {
  return api.patch<UserResponse>('/api/account', body);
}

export function changePassword(body: { currentPassword: string; newPassword: string }): Promise<void> {
  return api.post<void>('/api/account/password', body);
}

export function deleteAccount(body: { password: string }): Promise<void> {
  return api.delete<void>('/api/account', body);
}

/** renames the account; the session keeps the new name for the header */
export function useUpdateAccount() {
  const { updateSession } = useSession();
  return useMutation({
    mutationFn: updateAccount,
    onSuccess: (user) => updateSession({ displayName: user.displayName }),
  });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}

/** deletes the account and everything it owns; the caller leaves the page, then signs out */
export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
