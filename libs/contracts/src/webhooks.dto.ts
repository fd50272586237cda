// class-transformer's decorators read design-time metadata through the Reflect API
import 'reflect-metadata';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
  ValidateBy,
} from 'class-validator';
import { Limits } from './messages';
import { Trim, TrimToNull } from './transforms';
import { parseHttpUrl } from './urls';

/** what an endpoint can subscribe to */
export const WEBHOOK_EVENTS = ['lead.created', 'lead.updated', 'contact.saved', 'card.published'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
/** a payload's type: an event, or the test an owner sends from the dashboard */
export type WebhookPayloadType = WebhookEvent | 'webhook.test';

export const WEBHOOK_EVENT_LABELS: Record<WebhookEvent, string> = {
  'lead.created': 'A visitor leaves a message',
  'lead.updated': 'A message’s status, tags or note change',
  'contact.saved': 'A visitor saves the card as a contact',
  'card.published': 'A card is published',
};

export const WebhookLimits = {
  urlMax: Limits.urlMax,
  descriptionMax: 200,
  /** cards one endpoint can be limited to */
  cardsMax: 100,
  /** characters of a response body kept in the log */
  responseExcerptMax: 1024,
} as const;

export const WebhookMessages = {
  url: 'Enter the endpoint’s address, like https://hooks.example.com/cardcraft',
  httpsOnly: 'Use an https:// address',
  privateAddress: 'This address is private or local: webhooks go to public addresses only',
  description: `Keep the description under ${WebhookLimits.descriptionMax} characters`,
  events: 'Choose at least one event',
  event: `Choose an event: ${WEBHOOK_EVENTS.join(', ')}`,
  cards: `Choose up to ${WebhookLimits.cardsMax} cards, or leave it empty for all`,
  cardNotFound: 'Choose cards this endpoint can see',
  enabled: 'enabled must be true or false',
  endpointNotFound: 'Webhook endpoint not found',
  deliveryNotFound: 'Delivery not found',
  tooMany: (max: number) => `You can have at most ${max} webhook endpoints: delete one to add another`,
  secretShownOnce: 'Copy the signing secret now: it is not shown again',
} as const;

const CARD_ID = /^[0-9a-f]{24}$/;

/** several rules as one decorator, applied as stacked decorators are (the top one's message is said) */
function rules(...list: PropertyDecorator[]): PropertyDecorator {
  return (target, key) => {
    for (const rule of [...list].reverse()) rule(target, key);
  };
}

/** the address: http(s), checked again by the server for https and public addresses */
function EndpointUrl(): PropertyDecorator {
  return rules(
    Trim(),
    IsString({ message: WebhookMessages.url }),
    // the WHATWG parser, as the server's address check and the connection read it
    ValidateBy({
      name: 'isEndpointUrl',
      validator: {
        validate: (value: unknown) => typeof value === 'string' && parseHttpUrl(value) !== null,
        defaultMessage: () => WebhookMessages.url,
      },
    }),
    MaxLength(WebhookLimits.urlMax, { message: WebhookMessages.url }),
  );
}

function Description(): PropertyDecorator {
  return rules(
    TrimToNull(),
    IsOptional(),
    IsString({ message: WebhookMessages.description }),
    MaxLength(WebhookLimits.descriptionMax, { message: WebhookMessages.description }),
  );
}

function Events(): PropertyDecorator {
  return rules(
    IsArray({ message: WebhookMessages.events }),
    ArrayMinSize(1, { message: WebhookMessages.events }),
    ArrayMaxSize(WEBHOOK_EVENTS.length, { message: WebhookMessages.events }),
    IsIn(WEBHOOK_EVENTS, { each: true, message: WebhookMessages.event }),
  );
}

/** null or an empty list: every card; else the cards' ids */
function CardIds(): PropertyDecorator {
  return rules(
    IsOptional(),
    IsArray({ message: WebhookMessages.cards }),
    ArrayMaxSize(WebhookLimits.cardsMax, { message: WebhookMessages.cards }),
    Matches(CARD_ID, { each: true, message: WebhookMessages.cards }),
  );
}

/** POST /api/webhooks (and a team's): a new endpoint */
export class CreateWebhookDto {
  @EndpointUrl()
  url!: string;

  @Description()
  description: string | null = null;

  @Events()
  events!: WebhookEvent[];

  @CardIds()
  cardIds: string[] | null = null;

  @IsOptional()
  @IsBoolean({ message: WebhookMessages.enabled })
  enabled = true;
}

/** PATCH /api/webhooks/:id: what is sent changes, the rest stays */
export class UpdateWebhookDto {
  @IsOptional()
  @EndpointUrl()
  url?: string;

  @Description()
  description?: string | null;

  @IsOptional()
  @Events()
  events?: WebhookEvent[];

  @CardIds()
  cardIds?: string[] | null;

  @IsOptional()
  @IsBoolean({ message: WebhookMessages.enabled })
  enabled?: boolean;
}

/** POST /api/hooks: an automation tool subscribes to one event (REST hooks) */
export class CreateRestHookDto {
  @EndpointUrl()
  url!: string;

  @IsString({ message: WebhookMessages.event })
  @IsIn(WEBHOOK_EVENTS, { message: WebhookMessages.event })
  event!: WebhookEvent;

  @IsOptional()
  @IsString({ message: WebhookMessages.cards })
  @Matches(CARD_ID, { message: WebhookMessages.cards })
  cardId?: string;
}

export type WebhookDeliveryStatus = 'pending' | 'succeeded' | 'failed';

export interface WebhookLastDelivery {
  status: WebhookDeliveryStatus;
  eventType: WebhookPayloadType;
  responseStatus: number | null;
  atUtc: string;
}

export interface WebhookEndpointResponse {
  id: string;
  /** null: one of the caller's own (personal) endpoints */
  teamId: string | null;
  url: string;
  description: string | null;
  events: WebhookEvent[];
  /** null: every card */
  cardIds: string[] | null;
  enabled: boolean;
  /** why the product turned it off (repeated failures); null when enabled or turned off by hand */
  disabledReason: string | null;
  /** made in the dashboard, or by an API client through /api/hooks */
  createdVia: 'dashboard' | 'api';
  /** until then deliveries are signed with the previous secret too */
  previousSecretExpiresAtUtc: string | null;
  createdAtUtc: string;
  updatedAtUtc: string;
  lastDelivery: WebhookLastDelivery | null;
}

/** the answer of a creation or a rotation: the only time the secret is shown */
export interface WebhookEndpointWithSecretResponse extends WebhookEndpointResponse {
  secret: string;
}

export interface WebhookDeliverySummaryResponse {
  id: string;
  /** the webhook-id header: the same on every attempt */
  messageId: string;
  eventType: WebhookPayloadType;
  status: WebhookDeliveryStatus;
  attempts: number;
  responseStatus: number | null;
  durationMs: number | null;
  createdAtUtc: string;
  lastAttemptAtUtc: string | null;
  nextAttemptAtUtc: string | null;
}

export interface WebhookDeliveryResponse extends WebhookDeliverySummaryResponse {
  /** the body as sent, JSON */
  payload: string;
  /** the first 1 KB of the receiver's last answer */
  responseExcerpt: string | null;
  /** why the last attempt failed: a timeout, a refused address, a status */
  error: string | null;
}
