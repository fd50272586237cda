import type { ApiKeyScope } from '@cardcraft/contracts';
import type { Types } from 'mongoose';
import type { ApiKeyOwner, ApiKeyRecord, ApiKeysRepository, NewApiKey } from '../../ports';
import type { MongoModels } from './mongo-database';
import { objectId } from './mongo-object-id';
import type { ApiKeyDoc } from './mongo-schemas';

function toApiKey(doc: ApiKeyDoc): ApiKeyRecord {
  return {
    id: doc._id.toHexString(),
    userId: doc.userId?.toHexString() ?? null,
    teamId: doc.teamId?.toHexString() ?? null,
    name: doc.name,
    scopes: [...doc.scopes] as ApiKeyScope[],
    keyHash: doc.keyHash,
    prefix: doc.prefix,
    createdBy: doc.createdBy.toHexString(),
    createdAt: doc.createdAt,
    lastUsedAt: doc.lastUsedAt ?? null,
    expiresAt: doc.expiresAt ?? null,
    revokedAt: doc.revokedAt ?? null,
  };
}

type OwnerFilter = { userId: Types.ObjectId; teamId: null } | { teamId: Types.ObjectId; userId: null };

/** the owner as a filter, both fields named so a user's keys never match a team's; null when malformed */
function ownerFilter(owner: ApiKeyOwner): OwnerFilter | null {
  if (owner.userId !== undefined) {
    const userId = objectId(owner.userId);
    return userId ? { userId, teamId: null } : null;
  }
  const teamId = objectId(owner.teamId);
  return teamId ? { teamId, userId: null } : null;
}

export class MongoApiKeyRepository implements ApiKeysRepository {
  /** reads users and teams to refuse a key of an owner that is gone */
  constructor(private readonly models: Pick<MongoModels, 'apiKeys' | 'users' | 'teams'>) {}

  async create(key: NewApiKey): Promise<ApiKeyRecord | null> {
    const owner = ownerFilter(key.owner);
    const createdBy = objectId(key.createdBy);
    if (!owner || !createdBy) return null;
    const { apiKeys, users, teams } = this.models;
    const doc = await apiKeys.create({
      ...owner,
      name: key.name,
      scopes: key.scopes,
      keyHash: key.keyHash,
      prefix: key.prefix,
      createdBy,
      createdAt: new Date(),
      lastUsedAt: null,
      expiresAt: key.expiresAt,
      revokedAt: null,
    });
    // checked after the insert, as sessions are: an owner deleted meanwhile either swept this key
    // already or is found missing here, so the key never outlives its owner
    const exists = owner.userId
      ? await users.exists({ _id: owner.userId }).exec()
      : await teams.exists({ _id: owner.teamId }).exec();
    if (!exists) {
      await apiKeys.deleteOne({ _id: doc._id }).exec();
      return null;
    }
    return toApiKey(doc.toObject());
  }

  async findByHash(keyHash: string): Promise<ApiKeyRecord | null> {
    const doc = await this.models.apiKeys.findOne({ keyHash }).lean<ApiKeyDoc>().exec();
    return doc ? toApiKey(doc) : null;
  }

  async findById(owner: ApiKeyOwner, id: string): Promise<ApiKeyRecord | null> {
    const filter = this.oneOf(owner, id);
    if (!filter) return null;
    const doc = await this.models.apiKeys.findOne(filter).lean<ApiKeyDoc>().exec();
    return doc ? toApiKey(doc) : null;
  }

  async list(owner: ApiKeyOwner): Promise<ApiKeyRecord[]> {
    const filter = ownerFilter(owner);
    if (!filter) return [];
    const docs = await this.models.apiKeys
      .find({ ...filter, revokedAt: null })
      .sort({ createdAt: -1, _id: -1 })
      .lean<ApiKeyDoc[]>()
      .exec();
    return docs.map(toApiKey);
  }

  async countLive(owner: ApiKeyOwner, now: Date): Promise<number> {
    const filter = ownerFilter(owner);
    if (!filter) return 0;
    return this.models.apiKeys
      .countDocuments({ ...filter, revokedAt: null, $or: [{ expiresAt: null }, { expiresAt: { $gt: now } }] })
      .exec();
  }

  async rename(owner: ApiKeyOwner, id: string, name: string): Promise<ApiKeyRecord | null> {
    const filter = this.oneOf(owner, id);
    if (!filter) return null;
    const doc = await this.models.apiKeys
      .findOneAndUpdate(filter, { $set: { name } }, { new: true })
      .lean<ApiKeyDoc>()
      .exec();
    return doc ? toApiKey(doc) : null;
  }

  async revoke(owner: ApiKeyOwner, id: string, at: Date): Promise<boolean> {
    const filter = this.oneOf(owner, id);
    if (!filter) return false;
    const result = await this.models.apiKeys.updateOne(filter, { $set: { revokedAt: at } }).exec();
    return result.modifiedCount > 0;
  }

  async touch(id: string, at: Date, unlessAfter: Date): Promise<boolean> {
    const _id = objectId(id);
    if (!_id) return false;
    const result = await this.models.apiKeys
      .updateOne(
        { _id, $or: [{ lastUsedAt: null }, { lastUsedAt: { $lte: unlessAfter } }] },
        { $set: { lastUsedAt: at } },
      )
      .exec();
    return result.modifiedCount > 0;
  }

  /** the owner's key of this id while it is not revoked */
  private oneOf(
    owner: ApiKeyOwner,
    id: string,
  ): (OwnerFilter & { _id: Types.ObjectId; revokedAt: null }) | null {
    const filter = ownerFilter(owner);
    const _id = objectId(id);
    return filter && _id ? { ...filter, _id, revokedAt: null } : null;
  }
}
