import { useMutation } from '@tanstack/react-query';
import { ReauthenticationMessages, type ReauthenticatedResponse } from '@cardcraft/contracts';
import { api, normalizeError } from '@/lib/api-client';

/** the server asks for the password again before it does this (a new API key, say) */
export function needsReauthentication(error: unknown): boolean {
  const normalized = normalizeError(error);
  return normalized.status === 403 && normalized.message === ReauthenticationMessages.required;
}

/**
 * the password again, or a code of the authenticator app: what asks for a recent proof is allowed
 * for the next few minutes
 */
export function useReauthenticate() {
  return useMutation({
    mutationFn: (
      proof:
        | { password: string }
        | { code: string }
        | { passkey: { challengeToken: string; response: Record<string, unknown> } },
    ) => api.post<ReauthenticatedResponse>('/api/auth/reauthenticate', proof),
  });
}
