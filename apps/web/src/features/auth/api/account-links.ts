import { useMutation } from '@tanstack/react-query';
import type { EndSessionFromMailResponse, UserResponse } from '@cardcraft/contracts';
import { api } from '@/lib/api-client';

/** asks for a password-reset link; the answer is the same whether the address has an account */
export function requestPasswordReset(body: { email: string }): Promise<{ message: string }> {
  return api.post<{ message: string }>('/api/auth/forgot-password', body);
}

/** sets a new password with the e-mailed link's token; every session of the account ends */
export function resetPassword(body: { token: string; newPassword: string }): Promise<void> {
  return api.post<void>('/api/auth/reset-password', body);
}

// a link works once: the page asks once per token, even when React runs its effect twice
const confirmations = new Map<string, Promise<UserResponse>>();

/** applies a new e-mail address with the link sent to it */
export function confirmEmail(token: string): Promise<UserResponse> {
  let pending = confirmations.get(token);
  if (!pending) {
    pending = api.post<UserResponse>('/api/account/email/confirm', { token });
    confirmations.set(token, pending);
  }
  return pending;
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}

/** the token of an e-mailed link: after # so it never reaches a server's logs or a Referer */
export function linkToken(hash: string): string {
  return new URLSearchParams(hash.replace(/^#/, '')).get('token') ?? '';
}

/** 43 base64url characters, as the server makes them: anything else was cut or changed on the way */
export function isLinkToken(token: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(token);
}

/** a new sign-in mail's "this was not me" link: ends that one session, signed in or not */
export function useEndSessionFromMail() {
  return useMutation({
    mutationFn: (token: string) =>
      api.post<EndSessionFromMailResponse>('/api/auth/sessions/end-from-mail', { token }),
  });
}

/** a session's id (24 hex) and the server's signature (43 base64url), as the mail's link carries them */
export function isSessionEndToken(token: string): boolean {
  return /^[0-9a-f]{24}\.[A-Za-z0-9_-]{43}$/.test(token);
}
