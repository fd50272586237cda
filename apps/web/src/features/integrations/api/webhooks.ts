import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreateWebhookDto,
  Page,
  UpdateWebhookDto,
  WebhookDeliveryResponse,
  WebhookDeliverySummaryResponse,
  WebhookEndpointResponse,
  WebhookEndpointWithSecretResponse,
} from '@cardcraft/contracts';
import { api } from '@/lib/api-client';

// a person's endpoints live at /api/webhooks, a team's at /api/teams/{id}/webhooks: the same routes
// under either base, so one set of hooks serves both

export const DELIVERIES_PAGE_SIZE = 10;

export const webhookKeys = {
  all: (base: string) => ['webhooks', base] as const,
  list: (base: string) => ['webhooks', base, 'list'] as const,
  deliveries: (base: string, id: string, page: number) => ['webhooks', base, id, 'deliveries', page] as const,
  delivery: (base: string, id: string, deliveryId: string) =>
    ['webhooks', base, id, 'delivery', deliveryId] as const,
};

const endpointPath = (base: string, id: string, rest = '') => `${base}/${encodeURIComponent(id)}${rest}`;

/** pending deliveries finish within seconds: their lists look again until none is left */
const whilePending = (pending: boolean) => (pending ? 2000 : false);

export function useWebhooks(base: string) {
  return useQuery({
    queryKey: webhookKeys.list(base),
    queryFn: ({ signal }) => api.get<WebhookEndpointResponse[]>(base, { signal }),
    refetchInterval: (query) =>
      whilePending(Boolean(query.state.data?.some((one) => one.lastDelivery?.status === 'pending'))),
  });
}

export function useDeliveries(base: string, id: string, page: number, enabled: boolean) {
  return useQuery({
    queryKey: webhookKeys.deliveries(base, id, page),
    queryFn: ({ signal }) =>
      api.get<Page<WebhookDeliverySummaryResponse>>(endpointPath(base, id, '/deliveries'), {
        query: { page, pageSize: DELIVERIES_PAGE_SIZE },
        signal,
      }),
    enabled,
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      whilePending(Boolean(query.state.data?.items.some((one) => one.status === 'pending'))),
  });
}

export function useDelivery(base: string, id: string, deliveryId: string | null) {
  return useQuery({
    queryKey: webhookKeys.delivery(base, id, deliveryId ?? ''),
    queryFn: ({ signal }) =>
      api.get<WebhookDeliveryResponse>(
        endpointPath(base, id, `/deliveries/${encodeURIComponent(deliveryId!)}`),
        {
          signal,
        },
      ),
    enabled: Boolean(deliveryId),
    refetchInterval: (query) => whilePending(query.state.data?.status === 'pending'),
  });
}

function useWebhooksChange<I, O>(base: string, send: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.all(base) }),
  });
}

export const useCreateWebhook = (base: string) =>
  useWebhooksChange(base, (body: CreateWebhookDto) =>
    api.post<WebhookEndpointWithSecretResponse>(base, body),
  );

export const useUpdateWebhook = (base: string) =>
  useWebhooksChange(base, ({ id, body }: { id: string; body: UpdateWebhookDto }) =>
    api.patch<WebhookEndpointResponse>(endpointPath(base, id), body),
  );

export const useDeleteWebhook = (base: string) =>
  useWebhooksChange(base, (id: string) => api.delete<void>(endpointPath(base, id)));

export const useRotateSecret = (base: string) =>
  useWebhooksChange(base, (id: string) =>
    api.post<WebhookEndpointWithSecretResponse>(endpointPath(base, id, '/rotate-secret')),
  );

export const useSendTest = (base: string) =>
  useWebhooksChange(base, (id: string) =>
    api.post<WebhookDeliverySummaryResponse>(endpointPath(base, id, '/test')),
  );

export const useRetryDelivery = (base: string) =>
  useWebhooksChange(base, ({ id, deliveryId }: { id: string; deliveryId: string }) =>
    api.post<WebhookDeliverySummaryResponse>(
      endpointPath(base, id, `/deliveries/${encodeURIComponent(deliveryId)}/retry`),
    ),
  );
