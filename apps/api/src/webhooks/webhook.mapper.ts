import type {
  WebhookDeliveryResponse,
  WebhookDeliverySummaryResponse,
  WebhookEndpointResponse,
  WebhookEndpointWithSecretResponse,
} from '@cardcraft/contracts';
import type { WebhookDeliveryRecord, WebhookEndpointRecord } from '@cardcraft/storage';
import { messageIdOf } from './webhook-dispatcher';

/** an endpoint as the API shows it: never its secret (only toEndpointWithSecret, once) */
export function toEndpointResponse(
  endpoint: WebhookEndpointRecord,
  last: WebhookDeliveryRecord | null,
): WebhookEndpointResponse {
  const rotation = endpoint.previousSecretExpiresAt;
  return {
    id: endpoint.id,
    teamId: endpoint.scope.kind === 'team' ? endpoint.scope.teamId : null,
    url: endpoint.url,
    description: endpoint.description,
    events: endpoint.events,
    cardIds: endpoint.cardIds,
    enabled: endpoint.enabled,
    disabledReason: endpoint.enabled ? null : endpoint.disabledReason,
    createdVia: endpoint.createdVia,
    previousSecretExpiresAtUtc: rotation && rotation.getTime() > Date.now() ? rotation.toISOString() : null,
    createdAtUtc: endpoint.createdAt.toISOString(),
    updatedAtUtc: endpoint.updatedAt.toISOString(),
    lastDelivery: last && {
      status: last.status,
      eventType: last.eventType,
      responseStatus: last.responseStatus,
      atUtc: (last.lastAttemptAt ?? last.createdAt).toISOString(),
    },
  };
}

export function toEndpointWithSecret(
  endpoint: WebhookEndpointRecord,
  last: WebhookDeliveryRecord | null = null,
): WebhookEndpointWithSecretResponse {
  return { ...toEndpointResponse(endpoint, last), secret: endpoint.secret };
}

export function toDeliverySummary(delivery: WebhookDeliveryRecord): WebhookDeliverySummaryResponse {
  return {
    id: delivery.id,
    messageId: messageIdOf(delivery),
    eventType: delivery.eventType,
    status: delivery.status,
    attempts: delivery.attempts,
    responseStatus: delivery.responseStatus,
    durationMs: delivery.durationMs,
    createdAtUtc: delivery.createdAt.toISOString(),
    lastAttemptAtUtc: delivery.lastAttemptAt?.toISOString() ?? null,
    nextAttemptAtUtc: delivery.status === 'pending' ? delivery.nextAttemptAt.toISOString() : null,
  };
}

export function toDeliveryResponse(delivery: WebhookDeliveryRecord): WebhookDeliveryResponse {
  return {
    ...toDeliverySummary(delivery),
    payload: delivery.payload,
    responseExcerpt: delivery.responseExcerpt,
    error: delivery.error,
  };
}
