import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginDto, RegisterDto, SessionResponse } from '@cardcraft/contracts';
import { api } from '@/lib/api-client';
import { getProfiles } from '@/lib/profiles';
import { queryKeys } from '@/lib/query-client';
import { sessionFrom, useSession } from '@/lib/session';

export type LoginInput = Pick<LoginDto, 'email' | 'password'>;
export type RegisterInput = Pick<RegisterDto, 'email' | 'password' | 'displayName'>;

export function login(body: LoginInput): Promise<SessionResponse> {
  return api.post<SessionResponse>('/api/auth/login', body);
}

export function register(body: RegisterInput): Promise<SessionResponse> {
  return api.post<SessionResponse>('/api/auth/register', body);
}

/**
 * login: the server sets the session cookie; the app keeps what it shows of the session (never the
 * token), then makes the first profile the active one
 */
export function useLogin() {
  const { setSession, updateSession } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: LoginInput) => {
      const session = await login(input);
      setSession(sessionFrom(session));
      try {
        const profiles = await getProfiles();
        queryClient.setQueryData(queryKeys.profiles, profiles);
        if (profiles.length > 0) updateSession({ activeProfileHandle: profiles[0].handle });
      } catch (error) {
        // a failed profile fetch after login is only logged; the active handle stays empty
        console.warn('[auth] could not load profiles after login:', error);
      }
      return session;
    },
  });
}

/** register, then log in automatically; the active handle stays empty */
export function useRegister() {
  const { setSession } = useSession();
  return useMutation({
    mutationFn: async (input: RegisterInput) => {
      await register(input);
      const session = await login({ email: input.email, password: input.password });
      setSession(sessionFrom(session));
      return session;
    },
  });
}
