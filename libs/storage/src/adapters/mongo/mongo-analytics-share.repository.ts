import type { AnalyticsShareRecord, AnalyticsSharesRepository, NewAnalyticsShare } from '../../ports';
import type { MongoModels } from './mongo-database';
import type { AnalyticsShareDoc } from './mongo-analytics-share-schemas';
import { objectId } from './mongo-object-id';

function toShare(doc: AnalyticsShareDoc): AnalyticsShareRecord {
  return {
    id: doc._id.toHexString(),
    profileId: doc.profileId.toHexString(),
    ownerId: doc.ownerId.toHexString(),
    label: doc.label ?? null,
    token: doc.token,
    tokenHash: doc.tokenHash,
    passwordHash: doc.passwordHash ?? null,
    createdAt: doc.createdAt,
    lastViewedAt: doc.lastViewedAt ?? null,
  };
}

export class MongoAnalyticsShareRepository implements AnalyticsSharesRepository {
  /** reads profiles to refuse a link to a card that is gone */
  constructor(private readonly models: Pick<MongoModels, 'analyticsShares' | 'profiles'>) {}

  async create(share: NewAnalyticsShare): Promise<AnalyticsShareRecord | null> {
    const profileId = objectId(share.profileId);
    const ownerId = objectId(share.ownerId);
    if (!profileId || !ownerId) return null;
    const { analyticsShares, profiles } = this.models;
    const doc = await analyticsShares.create({
      profileId,
      ownerId,
      label: share.label,
      token: share.token,
      tokenHash: share.tokenHash,
      passwordHash: share.passwordHash,
      createdAt: new Date(),
      lastViewedAt: null,
    });
    // checked after the insert, as api keys are: a card deleted meanwhile either swept this link
    // already or is found missing here, so the link never outlives its card
    if (!(await profiles.exists({ _id: profileId }).exec())) {
      await analyticsShares.deleteOne({ _id: doc._id }).exec();
      return null;
    }
    return toShare(doc.toObject());
  }

  async findByTokenHash(tokenHash: string): Promise<AnalyticsShareRecord | null> {
    const doc = await this.models.analyticsShares.findOne({ tokenHash }).lean<AnalyticsShareDoc>().exec();
    return doc ? toShare(doc) : null;
  }

  async listByProfile(profileId: string): Promise<AnalyticsShareRecord[]> {
    const _profileId = objectId(profileId);
    if (!_profileId) return [];
    const docs = await this.models.analyticsShares
      .find({ profileId: _profileId })
      .sort({ createdAt: -1, _id: -1 })
      .lean<AnalyticsShareDoc[]>()
      .exec();
    return docs.map(toShare);
  }

  async countByProfile(profileId: string): Promise<number> {
    const _profileId = objectId(profileId);
    if (!_profileId) return 0;
    return this.models.analyticsShares.countDocuments({ profileId: _profileId }).exec();
  }

  async delete(profileId: string, id: string): Promise<boolean> {
    const _profileId = objectId(profileId);
    const _id = objectId(id);
    if (!_profileId || !_id) return false;
    const result = await this.models.analyticsShares.deleteOne({ _id, profileId: _profileId }).exec();
    return result.deletedCount > 0;
  }

  async deleteByProfile(profileId: string): Promise<number> {
    const _profileId = objectId(profileId);
    if (!_profileId) return 0;
    return (await this.models.analyticsShares.deleteMany({ profileId: _profileId }).exec()).deletedCount;
  }

  async deleteByOwner(ownerId: string): Promise<number> {
    const _ownerId = objectId(ownerId);
    if (!_ownerId) return 0;
    return (await this.models.analyticsShares.deleteMany({ ownerId: _ownerId }).exec()).deletedCount;
  }

  async touch(id: string, at: Date, unlessAfter: Date): Promise<boolean> {
    const _id = objectId(id);
    if (!_id) return false;
    const result = await this.models.analyticsShares
      .updateOne(
        { _id, $or: [{ lastViewedAt: null }, { lastViewedAt: { $lte: unlessAfter } }] },
        { $set: { lastViewedAt: at } },
      )
      .exec();
    return result.modifiedCount > 0;
  }
}
