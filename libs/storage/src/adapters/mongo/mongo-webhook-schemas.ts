import { Schema, type Types } from 'mongoose';

// the webhooks' documents: endpoints (a person's or a team's) and their deliveries, which are both the
// outbound queue and its log. the collections and indexes are made by migration 5 (mongo-migrations.ts).

export interface WebhookEndpointDoc {
  _id: Types.ObjectId;
  /** one of userId and teamId is set */
  userId: Types.ObjectId | null;
  teamId: Types.ObjectId | null;
  url: string;
  description: string | null;
  events: string[];
  cardIds: string[] | null;
  enabled: boolean;
  disabledReason: string | null;
  secret: string;
  previousSecret: string | null;
  previousSecretExpiresAt: Date | null;
  createdBy: string;
  createdVia: string;
  failedDeliveries: number;
  failingSince: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface WebhookDeliveryDoc {
  _id: Types.ObjectId;
  endpointId: Types.ObjectId;
  eventType: string;
  payload: string;
  forced: boolean;
  status: string;
  attempts: number;
  nextAttemptAt: Date;
  lastAttemptAt: Date | null;
  responseStatus: number | null;
  durationMs: number | null;
  responseExcerpt: string | null;
  error: string | null;
  createdAt: Date;
}

const nullableString = { type: String, default: null };
const nullableDate = { type: Date, default: null };

export const webhookEndpointSchema = new Schema<WebhookEndpointDoc>(
  {
    userId: { type: Schema.Types.ObjectId, default: null },
    teamId: { type: Schema.Types.ObjectId, default: null },
    url: String,
    description: nullableString,
    events: [String],
    cardIds: { type: [String], default: null },
    enabled: Boolean,
    disabledReason: nullableString,
    secret: String,
    previousSecret: nullableString,
    previousSecretExpiresAt: nullableDate,
    createdBy: String,
    createdVia: String,
    failedDeliveries: { type: Number, default: 0 },
    failingSince: nullableDate,
  },
  { collection: 'webhook_endpoints', timestamps: true, versionKey: false, minimize: false },
);

export const webhookDeliverySchema = new Schema<WebhookDeliveryDoc>(
  {
    endpointId: { type: Schema.Types.ObjectId, required: true },
    eventType: String,
    payload: String,
    forced: Boolean,
    status: String,
    attempts: Number,
    nextAttemptAt: Date,
    lastAttemptAt: nullableDate,
    responseStatus: { type: Number, default: null },
    durationMs: { type: Number, default: null },
    responseExcerpt: nullableString,
    error: nullableString,
  },
  {
    collection: 'webhook_deliveries',
    timestamps: { createdAt: true, updatedAt: false },
    versionKey: false,
  },
);

/**
 * a delivery's lease: its _id is the delivery's, so the unique primary key makes taking one atomic on
 * mongodb and ferretdb alike (ferretdb v1's findOneAndUpdate is not atomic between two callers)
 */
export interface WebhookLeaseDoc {
  _id: Types.ObjectId;
  holder: string;
  until: Date;
}

export const webhookLeaseSchema = new Schema<WebhookLeaseDoc>(
  { holder: String, until: Date },
  { collection: 'webhook_leases', versionKey: false },
);
