import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccountExportResponse, AccountExportStateResponse } from '@cardcraft/contracts';
import { api } from '@/lib/api-client';

const EXPORT_KEY = ['account', 'export'] as const;
/** how often Settings looks again while the data is being prepared */
const PREPARING_POLL_MS = 3_000;

export function getAccountExport(): Promise<AccountExportStateResponse> {
  return api.get<AccountExportStateResponse>('/api/account/export');
}

export function startAccountExport(): Promise<AccountExportResponse> {
  return api.post<AccountExportResponse>('/api/account/export');
}

/** the account's export; looked at again every few seconds while it is being prepared */
export function useAccountExport() {
  return useQuery({
    queryKey: EXPORT_KEY,
    queryFn: getAccountExport,
    refetchInterval: (query) =>
      query.state.data?.export?.status === 'preparing' ? PREPARING_POLL_MS : false,
  });
}

export function useStartAccountExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startAccountExport,
    onSuccess: (started) =>
      queryClient.setQueryData<AccountExportStateResponse>(EXPORT_KEY, { export: started }),
  });
}
