import type { WebhookDeliveryStatus, WebhookEvent, WebhookPayloadType } from '@cardcraft/contracts';
import type { PageRequest, PageResult } from './leads.port';

/** whose endpoints: a person's own (their personal cards) or a team's (every card of the team) */
export type WebhookScope = { kind: 'user'; userId: string } | { kind: 'team'; teamId: string };

export interface WebhookEndpointData {
  url: string;
  description: string | null;
  events: WebhookEvent[];
  /** null: every card in the scope */
  cardIds: string[] | null;
  enabled: boolean;
}

export interface NewWebhookEndpoint extends WebhookEndpointData {
  scope: WebhookScope;
  /** whsec_ and the key in base64: it signs deliveries, so it is stored as is */
  secret: string;
  /** who made it; a team's endpoint stays when they leave */
  createdBy: string;
  createdVia: 'dashboard' | 'api';
}

export interface WebhookEndpointRecord extends NewWebhookEndpoint {
  id: string;
  /** why the product turned it off; null when enabled or turned off by its owner */
  disabledReason: string | null;
  /** a rotated secret, still signing next to the new one until previousSecretExpiresAt */
  previousSecret: string | null;
  previousSecretExpiresAt: Date | null;
  /** deliveries given up since the last success */
  failedDeliveries: number;
  /** the first failed attempt since the last success */
  failingSince: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface NewWebhookDelivery {
  endpointId: string;
  eventType: WebhookPayloadType;
  /** the JSON body, as every attempt sends it */
  payload: string;
  /** sent even when the endpoint is turned off: a test event, or "send again" */
  forced: boolean;
  nextAttemptAt: Date;
}

export interface WebhookDeliveryRecord extends NewWebhookDelivery {
  id: string;
  status: WebhookDeliveryStatus;
  attempts: number;
  /** when a pending delivery may be sent (of a finished one: its last attempt) */
  nextAttemptAt: Date;
  lastAttemptAt: Date | null;
  responseStatus: number | null;
  durationMs: number | null;
  responseExcerpt: string | null;
  error: string | null;
  createdAt: Date;
}

/** what one attempt gave, recorded by the dispatcher that holds its lease */
export interface WebhookAttemptResult {
  status: WebhookDeliveryStatus;
  /** when pending: the next attempt */
  nextAttemptAt: Date | null;
  attemptedAt: Date;
  responseStatus: number | null;
  durationMs: number;
  responseExcerpt: string | null;
  error: string | null;
}

export interface WebhookEndpointsRepository {
  create(endpoint: NewWebhookEndpoint): Promise<WebhookEndpointRecord>;
  /** null when not found in that scope */
  find(scope: WebhookScope, id: string): Promise<WebhookEndpointRecord | null>;
  /** the dispatcher's read, whoever owns it */
  findById(id: string): Promise<WebhookEndpointRecord | null>;
  /** oldest first */
  list(scope: WebhookScope): Promise<WebhookEndpointRecord[]>;
  count(scope: WebhookScope): Promise<number>;
  /** turning one on clears disabledReason and its failures; null when not found in that scope */
  update(
    scope: WebhookScope,
    id: string,
    patch: Partial<WebhookEndpointData>,
  ): Promise<WebhookEndpointRecord | null>;
  /** the new secret, and the old one kept signing until `previousExpiresAt` */
  rotateSecret(
    scope: WebhookScope,
    id: string,
    secret: string,
    previousExpiresAt: Date,
  ): Promise<WebhookEndpointRecord | null>;
  /** with its deliveries */
  delete(scope: WebhookScope, id: string): Promise<boolean>;
  /** every endpoint of the scope, with their deliveries: an account or a team going */
  deleteAll(scope: WebhookScope): Promise<void>;
  /**
   * counts one attempt's outcome: a success clears the failures; a failure sets failingSince if unset,
   * and `gaveUp` (the delivery failed for good) adds one to failedDeliveries. null when gone.
   */
  recordOutcome(
    id: string,
    outcome: { ok: boolean; gaveUp: boolean; at: Date },
  ): Promise<WebhookEndpointRecord | null>;
  /** turns an enabled endpoint off with the reason; false when it was off already (or is gone) */
  disable(id: string, reason: string): Promise<boolean>;
}

export interface WebhookDeliveriesRepository {
  /** one write for them all */
  createMany(deliveries: readonly NewWebhookDelivery[]): Promise<WebhookDeliveryRecord[]>;
  /** null when not found on that endpoint */
  find(endpointId: string, id: string): Promise<WebhookDeliveryRecord | null>;
  /** newest first */
  list(endpointId: string, page: PageRequest): Promise<PageResult<WebhookDeliveryRecord>>;
  /** each endpoint's newest delivery */
  latest(endpointIds: readonly string[]): Promise<Map<string, WebhookDeliveryRecord>>;
  /**
   * takes up to `limit` pending deliveries due at `now` whose lease is free or expired, leasing each to
   * `holder` until `leaseUntil`; of two callers at once, each delivery goes to one only
   */
  claimDue(now: Date, holder: string, leaseUntil: Date, limit: number): Promise<WebhookDeliveryRecord[]>;
  /** the attempt's outcome, attempts + 1 and the lease freed; false when the lease is no longer the holder's */
  recordAttempt(id: string, holder: string, result: WebhookAttemptResult): Promise<boolean>;
  /** pending again and due at `now`, forced: "send again"; null when not found on that endpoint */
  requeue(endpointId: string, id: string, now: Date): Promise<WebhookDeliveryRecord | null>;
  /** the earliest time a pending delivery is due, null when none is */
  nextDue(): Promise<Date | null>;
  /** deletes finished deliveries made before `before`; answers how many */
  prune(before: Date): Promise<number>;
}
