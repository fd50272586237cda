import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ApiKeyResponse,
  CreateApiKeyDto,
  CreatedApiKeyResponse,
  RenameApiKeyDto,
} from '@cardcraft/contracts';
import { api } from '@/lib/api-client';
import { teamPath } from '@/lib/teams';

/** whose keys: the signed-in account's, or a team's (its admins') */
export type ApiKeysOwner = { kind: 'account' } | { kind: 'team'; teamId: string };

const basePath = (owner: ApiKeysOwner) =>
  owner.kind === 'account' ? '/api/api-keys' : teamPath(owner.teamId, '/api-keys');
const keyPath = (owner: ApiKeysOwner, id: string) => `${basePath(owner)}/${encodeURIComponent(id)}`;
const keysKey = (owner: ApiKeysOwner) =>
  owner.kind === 'account' ? (['api-keys'] as const) : (['api-keys', 'team', owner.teamId] as const);

export function useApiKeys(owner: ApiKeysOwner) {
  return useQuery({
    queryKey: keysKey(owner),
    queryFn: ({ signal }) => api.get<ApiKeyResponse[]>(basePath(owner), { signal }),
  });
}

function useKeysChange<I, O>(owner: ApiKeysOwner, send: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keysKey(owner) }),
  });
}

export const useCreateApiKey = (owner: ApiKeysOwner) =>
  useKeysChange(owner, (body: CreateApiKeyDto) => api.post<CreatedApiKeyResponse>(basePath(owner), body));

export const useRenameApiKey = (owner: ApiKeysOwner) =>
  useKeysChange(owner, ({ id, ...body }: RenameApiKeyDto & { id: string }) =>
    api.patch<ApiKeyResponse>(keyPath(owner, id), body),
  );

export const useRevokeApiKey = (owner: ApiKeysOwner) =>
  useKeysChange(owner, (id: string) => api.delete<void>(keyPath(owner, id)));
