import { useQuery } from '@tanstack/react-query';
import type { ClientConfigResponse } from '@cardcraft/contracts';
import { api } from '@/lib/api-client';

/** the server's setup: where cards live, and whether Apple Wallet passes and Google Wallet links are on */
export function getClientConfig(signal?: AbortSignal): Promise<ClientConfigResponse> {
  return api.get<ClientConfigResponse>('/api/client-config', { signal });
}

/** read once per visit: the server's setup does not change while the app is open */
export function useClientConfig() {
  return useQuery({
    queryKey: ['client-config'] as const,
    queryFn: ({ signal }) => getClientConfig(signal),
    staleTime: Infinity,
  });
}
