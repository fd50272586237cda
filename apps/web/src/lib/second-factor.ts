import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  RecoveryCodesResponse,
  SecondFactorSetupResponse,
  SecondFactorStatusResponse,
} from '@cardcraft/contracts';
import { api } from '@/lib/api-client';

const STATUS_KEY = ['account', 'second-factor'] as const;

/** whether the account signs in with two-step verification, and its recovery codes left */
export function useSecondFactorStatus() {
  return useQuery({
    queryKey: STATUS_KEY,
    queryFn: () => api.get<SecondFactorStatusResponse>('/api/account/second-factor'),
  });
}

function useStatusChange<I, T>(mutationFn: (input: I) => Promise<T>) {
  const client = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => client.invalidateQueries({ queryKey: STATUS_KEY }) });
}

export function useBeginSecondFactor() {
  return useMutation({
    mutationFn: () => api.post<SecondFactorSetupResponse>('/api/account/second-factor/setup'),
  });
}

export function useEnableSecondFactor() {
  return useStatusChange((code: string) =>
    api.post<RecoveryCodesResponse>('/api/account/second-factor/enable', { code }),
  );
}

export function useNewRecoveryCodes() {
  return useStatusChange(() => api.post<RecoveryCodesResponse>('/api/account/second-factor/recovery-codes'));
}

export function useDisableSecondFactor() {
  return useStatusChange(() => api.delete<void>('/api/account/second-factor'));
}
