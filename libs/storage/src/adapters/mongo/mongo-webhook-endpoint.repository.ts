import type { WebhookEvent } from '@cardcraft/contracts';
import type {
  NewWebhookEndpoint,
  WebhookEndpointData,
  WebhookEndpointRecord,
  WebhookEndpointsRepository,
  WebhookScope,
} from '../../ports';
import type { MongoModels } from './mongo-database';
import { objectId } from './mongo-object-id';
import type { WebhookEndpointDoc } from './mongo-webhook-schemas';

function toEndpoint(doc: WebhookEndpointDoc): WebhookEndpointRecord {
  return {
    id: doc._id.toHexString(),
    scope: doc.teamId
      ? { kind: 'team', teamId: doc.teamId.toHexString() }
      : { kind: 'user', userId: doc.userId!.toHexString() },
    url: doc.url,
    description: doc.description ?? null,
    events: doc.events as WebhookEvent[],
    cardIds: doc.cardIds ?? null,
    enabled: doc.enabled,
    disabledReason: doc.disabledReason ?? null,
    secret: doc.secret,
    previousSecret: doc.previousSecret ?? null,
    previousSecretExpiresAt: doc.previousSecretExpiresAt ?? null,
    createdBy: doc.createdBy,
    createdVia: doc.createdVia === 'api' ? 'api' : 'dashboard',
    failedDeliveries: doc.failedDeliveries ?? 0,
    failingSince: doc.failingSince ?? null,
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
  };
}

/** the scope as a filter; null when its id is malformed, so it finds nothing */
function scopeFilter(scope: WebhookScope) {
  if (scope.kind === 'team') {
    const teamId = objectId(scope.teamId);
    return teamId ? { teamId } : null;
  }
  const userId = objectId(scope.userId);
  return userId ? { userId, teamId: null } : null;
}

function oneInScope(scope: WebhookScope, id: string) {
  const filter = scopeFilter(scope);
  const _id = objectId(id);
  return filter && _id ? { ...filter, _id } : null;
}

export class MongoWebhookEndpointRepository implements WebhookEndpointsRepository {
  constructor(private readonly models: Pick<MongoModels, 'webhookEndpoints' | 'webhookDeliveries'>) {}

  async create(endpoint: NewWebhookEndpoint): Promise<WebhookEndpointRecord> {
    const owner = scopeFilter(endpoint.scope);
    if (!owner) throw new Error('malformed webhook owner id');
    const doc = await this.models.webhookEndpoints.create({
      userId: 'userId' in owner ? owner.userId : null,
      teamId: 'teamId' in owner ? owner.teamId : null,
      url: endpoint.url,
      description: endpoint.description,
      events: endpoint.events,
      cardIds: endpoint.cardIds,
      enabled: endpoint.enabled,
      disabledReason: null,
      secret: endpoint.secret,
      previousSecret: null,
      previousSecretExpiresAt: null,
      createdBy: endpoint.createdBy,
      createdVia: endpoint.createdVia,
      failedDeliveries: 0,
      failingSince: null,
    });
    return toEndpoint(doc.toObject());
  }

  async find(scope: WebhookScope, id: string): Promise<WebhookEndpointRecord | null> {
    const filter = oneInScope(scope, id);
    if (!filter) return null;
    const doc = await this.models.webhookEndpoints.findOne(filter).lean<WebhookEndpointDoc>().exec();
    return doc ? toEndpoint(doc) : null;
  }

  async findById(id: string): Promise<WebhookEndpointRecord | null> {
    const _id = objectId(id);
    if (!_id) return null;
    const doc = await this.models.webhookEndpoints.findById(_id).lean<WebhookEndpointDoc>().exec();
    return doc ? toEndpoint(doc) : null;
  }

  async list(scope: WebhookScope): Promise<WebhookEndpointRecord[]> {
    const filter = scopeFilter(scope);
    if (!filter) return [];
    const docs = await this.models.webhookEndpoints
      .find(filter)
      .sort({ createdAt: 1, _id: 1 })
      .lean<WebhookEndpointDoc[]>()
      .exec();
    return docs.map(toEndpoint);
  }

  async count(scope: WebhookScope): Promise<number> {
    const filter = scopeFilter(scope);
    return filter ? this.models.webhookEndpoints.countDocuments(filter).exec() : 0;
  }

  async update(
    scope: WebhookScope,
    id: string,
    patch: Partial<WebhookEndpointData>,
  ): Promise<WebhookEndpointRecord | null> {
    const filter = oneInScope(scope, id);
    if (!filter) return null;
    const set: Record<string, unknown> = {};
    for (const key of ['url', 'description', 'events', 'cardIds', 'enabled'] as const) {
      if (patch[key] !== undefined) set[key] = patch[key];
    }
    // turned on: a fresh start, so the failures before do not turn it off again at once
    if (patch.enabled) Object.assign(set, { disabledReason: null, failedDeliveries: 0, failingSince: null });
    const doc = await this.models.webhookEndpoints
      .findOneAndUpdate(filter, { $set: set }, { new: true })
      .lean<WebhookEndpointDoc>()
      .exec();
    return doc ? toEndpoint(doc) : null;
  }

  async rotateSecret(
    scope: WebhookScope,
    id: string,
    secret: string,
    previousExpiresAt: Date,
  ): Promise<WebhookEndpointRecord | null> {
    const filter = oneInScope(scope, id);
    if (!filter) return null;
    const current = await this.models.webhookEndpoints.findOne(filter).lean<WebhookEndpointDoc>().exec();
    if (!current) return null;
    // set only if the secret is still the one read (ferretdb has no pipeline updates to do it in one
    // step): of two rotations at once, the second answers null rather than losing the first's secret
    const doc = await this.models.webhookEndpoints
      .findOneAndUpdate(
        { ...filter, secret: current.secret },
        { $set: { previousSecret: current.secret, previousSecretExpiresAt: previousExpiresAt, secret } },
        { new: true },
      )
      .lean<WebhookEndpointDoc>()
      .exec();
    return doc ? toEndpoint(doc) : null;
  }

  async delete(scope: WebhookScope, id: string): Promise<boolean> {
    const filter = oneInScope(scope, id);
    if (!filter) return false;
    const doc = await this.models.webhookEndpoints.findOneAndDelete(filter).lean<WebhookEndpointDoc>().exec();
    if (!doc) return false;
    await this.models.webhookDeliveries.deleteMany({ endpointId: doc._id }).exec();
    return true;
  }

  async deleteAll(scope: WebhookScope): Promise<void> {
    const filter = scopeFilter(scope);
    if (!filter) return;
    const docs = await this.models.webhookEndpoints
      .find(filter, { _id: 1 })
      .lean<WebhookEndpointDoc[]>()
      .exec();
    const ids = docs.map((doc) => doc._id);
    await this.models.webhookEndpoints.deleteMany({ _id: { $in: ids } }).exec();
    await this.models.webhookDeliveries.deleteMany({ endpointId: { $in: ids } }).exec();
  }

  async recordOutcome(
    id: string,
    outcome: { ok: boolean; gaveUp: boolean; at: Date },
  ): Promise<WebhookEndpointRecord | null> {
    const _id = objectId(id);
    if (!_id) return null;
    const { webhookEndpoints } = this.models;
    const update = outcome.ok
      ? { $set: { failedDeliveries: 0, failingSince: null } }
      : { $inc: { failedDeliveries: outcome.gaveUp ? 1 : 0 } };
    const doc = await webhookEndpoints
      .findOneAndUpdate({ _id }, update, { new: true, timestamps: false })
      .lean<WebhookEndpointDoc>()
      .exec();
    if (!doc || outcome.ok || doc.failingSince) return doc ? toEndpoint(doc) : null;
    // the first failure since a success: only if still unset, so a concurrent one's time is kept
    const marked = await webhookEndpoints
      .findOneAndUpdate(
        { _id, failingSince: null },
        { $set: { failingSince: outcome.at } },
        {
          new: true,
          timestamps: false,
        },
      )
      .lean<WebhookEndpointDoc>()
      .exec();
    return toEndpoint(marked ?? doc);
  }

  async disable(id: string, reason: string): Promise<boolean> {
    const _id = objectId(id);
    if (!_id) return false;
    const result = await this.models.webhookEndpoints
      .updateOne({ _id, enabled: true }, { $set: { enabled: false, disabledReason: reason } })
      .exec();
    return result.modifiedCount > 0;
  }
}
