import type { WebhookDeliveryStatus, WebhookPayloadType } from '@cardcraft/contracts';
import type {
  NewWebhookDelivery,
  PageRequest,
  PageResult,
  WebhookAttemptResult,
  WebhookDeliveriesRepository,
  WebhookDeliveryRecord,
} from '../../ports';
import type { MongoModels } from './mongo-database';
import { objectId } from './mongo-object-id';
import type { WebhookDeliveryDoc } from './mongo-webhook-schemas';

function toDelivery(doc: WebhookDeliveryDoc): WebhookDeliveryRecord {
  return {
    id: doc._id.toHexString(),
    endpointId: doc.endpointId.toHexString(),
    eventType: doc.eventType as WebhookPayloadType,
    payload: doc.payload,
    forced: doc.forced,
    status: doc.status as WebhookDeliveryStatus,
    attempts: doc.attempts,
    nextAttemptAt: doc.nextAttemptAt,
    lastAttemptAt: doc.lastAttemptAt ?? null,
    responseStatus: doc.responseStatus ?? null,
    durationMs: doc.durationMs ?? null,
    responseExcerpt: doc.responseExcerpt ?? null,
    error: doc.error ?? null,
    createdAt: doc.createdAt,
  };
}

export class MongoWebhookDeliveryRepository implements WebhookDeliveriesRepository {
  constructor(private readonly models: Pick<MongoModels, 'webhookDeliveries' | 'webhookLeases'>) {}

  async createMany(deliveries: readonly NewWebhookDelivery[]): Promise<WebhookDeliveryRecord[]> {
    if (deliveries.length === 0) return [];
    const docs = await this.models.webhookDeliveries.insertMany(
      deliveries.map((delivery) => ({
        endpointId: objectId(delivery.endpointId),
        eventType: delivery.eventType,
        payload: delivery.payload,
        forced: delivery.forced,
        status: 'pending',
        attempts: 0,
        nextAttemptAt: delivery.nextAttemptAt,
        lastAttemptAt: null,
        responseStatus: null,
        durationMs: null,
        responseExcerpt: null,
        error: null,
      })),
    );
    return docs.map((doc) => toDelivery(doc.toObject() as WebhookDeliveryDoc));
  }

  async find(endpointId: string, id: string): Promise<WebhookDeliveryRecord | null> {
    const endpoint = objectId(endpointId);
    const _id = objectId(id);
    if (!endpoint || !_id) return null;
    const doc = await this.models.webhookDeliveries
      .findOne({ _id, endpointId: endpoint })
      .lean<WebhookDeliveryDoc>()
      .exec();
    return doc ? toDelivery(doc) : null;
  }

  async list(endpointId: string, page: PageRequest): Promise<PageResult<WebhookDeliveryRecord>> {
    const endpoint = objectId(endpointId);
    if (!endpoint) return { items: [], total: 0 };
    const [docs, total] = await Promise.all([
      this.models.webhookDeliveries
        .find({ endpointId: endpoint })
        .sort({ createdAt: -1, _id: -1 })
        .skip(page.offset)
        .limit(page.limit)
        .lean<WebhookDeliveryDoc[]>()
        .exec(),
      this.models.webhookDeliveries.countDocuments({ endpointId: endpoint }).exec(),
    ]);
    return { items: docs.map(toDelivery), total };
  }

  async latest(endpointIds: readonly string[]): Promise<Map<string, WebhookDeliveryRecord>> {
    const found = new Map<string, WebhookDeliveryRecord>();
    for (const id of endpointIds) {
      const endpoint = objectId(id);
      if (!endpoint) continue;
      const doc = await this.models.webhookDeliveries
        .findOne({ endpointId: endpoint })
        .sort({ createdAt: -1, _id: -1 })
        .lean<WebhookDeliveryDoc>()
        .exec();
      if (doc) found.set(id, toDelivery(doc));
    }
    return found;
  }

  async claimDue(
    now: Date,
    holder: string,
    leaseUntil: Date,
    limit: number,
  ): Promise<WebhookDeliveryRecord[]> {
    const { webhookDeliveries, webhookLeases } = this.models;
    const due = { status: 'pending', nextAttemptAt: { $lte: now } };
    // a few more than asked: some may be leased to another replica
    const candidates = await webhookDeliveries
      .find(due)
      .sort({ nextAttemptAt: 1 })
      .limit(limit * 4)
      .lean<WebhookDeliveryDoc[]>()
      .exec();
    const claimed: WebhookDeliveryRecord[] = [];
    for (const candidate of candidates) {
      if (claimed.length >= limit) break;
      // an ended lease is the holder's loss: whoever comes first takes it over
      await webhookLeases.deleteOne({ _id: candidate._id, until: { $lte: now } }).exec();
      try {
        await webhookLeases.create({ _id: candidate._id, holder, until: leaseUntil });
      } catch (error) {
        if ((error as { code?: unknown }).code === 11000) continue;
        throw error;
      }
      // read again under the lease: another holder may have sent it since it was listed
      const current = await webhookDeliveries
        .findOne({ _id: candidate._id, ...due })
        .lean<WebhookDeliveryDoc>()
        .exec();
      if (current) claimed.push(toDelivery(current));
      else await webhookLeases.deleteOne({ _id: candidate._id, holder }).exec();
    }
    return claimed;
  }

  async recordAttempt(id: string, holder: string, result: WebhookAttemptResult): Promise<boolean> {
    const _id = objectId(id);
    if (!_id) return false;
    const { webhookDeliveries, webhookLeases } = this.models;
    if (!(await webhookLeases.exists({ _id, holder }).exec())) return false;
    const outcome = await webhookDeliveries
      .updateOne(
        { _id },
        {
          $set: {
            status: result.status,
            nextAttemptAt: result.nextAttemptAt ?? result.attemptedAt,
            lastAttemptAt: result.attemptedAt,
            responseStatus: result.responseStatus,
            durationMs: result.durationMs,
            responseExcerpt: result.responseExcerpt,
            error: result.error,
          },
          $inc: { attempts: 1 },
        },
      )
      .exec();
    // the outcome first, then the lease: a claimer that takes the lease then reads the outcome
    await webhookLeases.deleteOne({ _id, holder }).exec();
    return outcome.matchedCount > 0;
  }

  async requeue(endpointId: string, id: string, now: Date): Promise<WebhookDeliveryRecord | null> {
    const endpoint = objectId(endpointId);
    const _id = objectId(id);
    if (!endpoint || !_id) return null;
    const doc = await this.models.webhookDeliveries
      .findOneAndUpdate(
        { _id, endpointId: endpoint },
        { $set: { status: 'pending', nextAttemptAt: now, forced: true } },
        { new: true },
      )
      .lean<WebhookDeliveryDoc>()
      .exec();
    return doc ? toDelivery(doc) : null;
  }

  async nextDue(): Promise<Date | null> {
    const doc = await this.models.webhookDeliveries
      .findOne({ status: 'pending' })
      .sort({ nextAttemptAt: 1 })
      .lean<WebhookDeliveryDoc>()
      .exec();
    return doc?.nextAttemptAt ?? null;
  }

  async prune(before: Date): Promise<number> {
    const result = await this.models.webhookDeliveries
      .deleteMany({ createdAt: { $lt: before }, status: { $ne: 'pending' } })
      .exec();
    // leases whose holder died with nothing left to record
    await this.models.webhookLeases.deleteMany({ until: { $lt: before } }).exec();
    return result.deletedCount;
  }
}
