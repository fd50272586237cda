import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  LoginDto,
  RegisterDto,
  SecondFactorChallengeResponse,
  SessionResponse,
} from '@cardcraft/contracts';
import { api } from '@/lib/api-client';
import { answerWithPasskey } from '@/lib/passkeys';
import { getProfiles } from '@/lib/profiles';
import { queryKeys } from '@/lib/query-client';
import { sessionFrom, useSession } from '@/lib/session';

export type LoginInput = Pick<LoginDto, 'email' | 'password'>;
export type RegisterInput = Pick<RegisterDto, 'email' | 'password' | 'displayName'>;

/** the session, or, for an account with two-step verification, the challenge its code answers */
export type LoginAnswer = SessionResponse | SecondFactorChallengeResponse;

export function login(body: LoginInput): Promise<LoginAnswer> {
  return api.post<LoginAnswer>('/api/auth/login', body);
}

export function isChallenge(answer: LoginAnswer): answer is SecondFactorChallengeResponse {
  return 'secondFactorRequired' in answer;
}

export function register(body: RegisterInput): Promise<SessionResponse> {
  return api.post<SessionResponse>('/api/auth/register', body);
}

/** a session begun: the app keeps what it shows of it (never the token), the first card active */
function useEstablish() {
  const { setSession, updateSession } = useSession();
  const queryClient = useQueryClient();
  return async (session: SessionResponse) => {
    setSession(sessionFrom(session));
    try {
      const profiles = await getProfiles();
      queryClient.setQueryData(queryKeys.profiles, profiles);
      if (profiles.length > 0) updateSession({ activeProfileHandle: profiles[0].handle });
    } catch (error) {
      // a failed profile fetch after login is only logged; the active handle stays empty
      console.warn('[auth] could not load profiles after login:', error);
    }
  };
}

/**
 * login: the server sets the session cookie and the app keeps the session; an account with two-step
 * verification answers a challenge instead, for useLoginSecondFactor
 */
export function useLogin() {
  const establish = useEstablish();
  return useMutation({
    mutationFn: async (input: LoginInput): Promise<LoginAnswer> => {
      const answer = await login(input);
      if (!isChallenge(answer)) await establish(answer);
      return answer;
    },
  });
}

/** the second step: the authenticator app's code, or a recovery code */
export function useLoginSecondFactor() {
  const establish = useEstablish();
  return useMutation({
    mutationFn: async (input: { challengeToken: string; code: string }): Promise<SessionResponse> => {
      const session = await api.post<SessionResponse>('/api/auth/login/second-factor', input);
      await establish(session);
      return session;
    },
  });
}

/** a passkey in place of the password: the browser asks for the fingerprint, face or PIN */
export function useLoginWithPasskey() {
  const establish = useEstablish();
  return useMutation({
    mutationFn: async (): Promise<SessionResponse> => {
      const session = await api.post<SessionResponse>('/api/auth/passkey', await answerWithPasskey());
      await establish(session);
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
      // a new account has no second factor: the answer is its session
      const session = (await login({ email: input.email, password: input.password })) as SessionResponse;
      setSession(sessionFrom(session));
      return session;
    },
  });
}
