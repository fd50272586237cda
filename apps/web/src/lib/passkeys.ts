import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PasskeyOptionsResponse, PasskeyResponse } from '@cardcraft/contracts';
import {
  browserSupportsWebAuthn,
  startAuthentication,
  startRegistration,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { api } from '@/lib/api-client';

const PASSKEYS_KEY = ['account', 'passkeys'] as const;

/** whether this browser can make and use passkeys at all */
export const passkeysSupported = () => browserSupportsWebAuthn();

/**
 * a passkey's answer to a sign-in's options, as the server takes it back (sign-in, or a fresh proof):
 * the browser asks the person for their fingerprint, face or PIN
 */
export async function answerWithPasskey(): Promise<{
  challengeToken: string;
  response: Record<string, unknown>;
}> {
  const { options, challengeToken } = await api.post<PasskeyOptionsResponse>('/api/auth/passkey/options');
  const response = await startAuthentication({
    optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON,
  });
  return { challengeToken, response: { ...response } };
}

/** a browser that was asked and said no (the person cancelled, or took too long): not an error to show */
export function passkeyCancelled(error: unknown): boolean {
  return error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError');
}

export function usePasskeys() {
  return useQuery({
    queryKey: PASSKEYS_KEY,
    queryFn: () => api.get<PasskeyResponse[]>('/api/account/passkeys'),
  });
}

function usePasskeysChange<I, T>(mutationFn: (input: I) => Promise<T>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: PASSKEYS_KEY }),
        client.invalidateQueries({ queryKey: ['account', 'second-factor'] }),
      ]),
  });
}

/** asks the server for options, the browser for a new passkey, and the server to keep it */
export function useAddPasskey() {
  return usePasskeysChange(async (name: string) => {
    const { options, challengeToken } = await api.post<PasskeyOptionsResponse>(
      '/api/account/passkeys/registration-options',
    );
    const response = await startRegistration({
      optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON,
    });
    return api.post<PasskeyResponse>('/api/account/passkeys', {
      challengeToken,
      response: { ...response },
      ...(name.trim() ? { name: name.trim() } : {}),
    });
  });
}

export function useRenamePasskey() {
  return usePasskeysChange(({ id, name }: { id: string; name: string }) =>
    api.patch<PasskeyResponse>(`/api/account/passkeys/${encodeURIComponent(id)}`, { name }),
  );
}

export function useRemovePasskey() {
  return usePasskeysChange((id: string) =>
    api.delete<void>(`/api/account/passkeys/${encodeURIComponent(id)}`),
  );
}
