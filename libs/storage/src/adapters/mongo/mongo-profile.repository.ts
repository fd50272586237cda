import type { CardPlacement, ProfileData, ProfileRecord, ProfilesRepository } from '../../ports';
import type { MongoModels } from './mongo-database';
import { duplicateKeyError } from './mongo-errors';
import { objectId } from './mongo-object-id';
import { profileFields, toProfile } from './mongo-profile.mapper';
import type { ProfileDoc } from './mongo-schemas';

export class MongoProfileRepository implements ProfilesRepository {
  /** a profile's leads go with it */
  constructor(private readonly models: Pick<MongoModels, 'profiles' | 'leads'>) {}

  async create(ownerId: string, data: ProfileData, placement?: CardPlacement): Promise<ProfileRecord> {
    const owner = objectId(ownerId);
    if (!owner) throw new Error(`malformed owner id: ${ownerId}`);
    try {
      const doc = await this.models.profiles.create({
        ...profileFields(data),
        ownerId: owner,
        ...placementFields(placement),
      });
      return toProfile(doc.toObject());
    } catch (error) {
      throw duplicateKeyError(error, 'handle') ?? error;
    }
  }

  async findById(id: string): Promise<ProfileRecord | null> {
    const _id = objectId(id);
    if (!_id) return null;
    const doc = await this.models.profiles.findById(_id).lean<ProfileDoc>().exec();
    return doc ? toProfile(doc) : null;
  }

  async findOwned(id: string, ownerId: string): Promise<ProfileRecord | null> {
    const filter = ownedFilter(id, ownerId);
    if (!filter) return null;
    const doc = await this.models.profiles.findOne(filter).lean<ProfileDoc>().exec();
    return doc ? toProfile(doc) : null;
  }

  async findByHandle(handle: string): Promise<ProfileRecord | null> {
    const doc = await this.models.profiles.findOne({ handle }).lean<ProfileDoc>().exec();
    return doc ? toProfile(doc) : null;
  }

  async listByOwner(ownerId: string): Promise<ProfileRecord[]> {
    const owner = objectId(ownerId);
    if (!owner) return [];
    const docs = await this.models.profiles
      .find({ ownerId: owner })
      .sort({ createdAt: 1, _id: 1 })
      .lean<ProfileDoc[]>()
      .exec();
    return docs.map(toProfile);
  }

  async listByTeam(teamId: string): Promise<ProfileRecord[]> {
    const team = objectId(teamId);
    if (!team) return [];
    const docs = await this.models.profiles
      .find({ teamId: team })
      .sort({ createdAt: 1, _id: 1 })
      .lean<ProfileDoc[]>()
      .exec();
    return docs.map(toProfile);
  }

  async listByTemplate(teamId: string, templateId: string): Promise<ProfileRecord[]> {
    const team = objectId(teamId);
    const template = objectId(templateId);
    if (!team || !template) return [];
    const docs = await this.models.profiles
      .find({ teamId: team, templateId: template })
      .sort({ createdAt: 1, _id: 1 })
      .lean<ProfileDoc[]>()
      .exec();
    return docs.map(toProfile);
  }

  async reassign(id: string, teamId: string, ownerId: string): Promise<ProfileRecord | null> {
    const _id = objectId(id);
    const team = objectId(teamId);
    const owner = objectId(ownerId);
    if (!_id || !team || !owner) return null;
    // the team in the filter: a personal card, or another team's, is never handed over
    const doc = await this.models.profiles
      .findOneAndUpdate({ _id, teamId: team }, { $set: { ownerId: owner } }, { new: true })
      .lean<ProfileDoc>()
      .exec();
    return doc ? toProfile(doc) : null;
  }

  async update(id: string, ownerId: string, data: ProfileData): Promise<ProfileRecord | null> {
    const filter = ownedFilter(id, ownerId);
    if (!filter) return null;
    try {
      const doc = await this.models.profiles
        .findOneAndUpdate(filter, { $set: profileFields(data) }, { new: true })
        .lean<ProfileDoc>()
        .exec();
      return doc ? toProfile(doc) : null;
    } catch (error) {
      throw duplicateKeyError(error, 'handle') ?? error;
    }
  }

  async delete(id: string, ownerId: string): Promise<boolean> {
    const filter = ownedFilter(id, ownerId);
    if (!filter) return false;
    const { profiles, leads } = this.models;
    if (!(await profiles.exists(filter).exec())) return false;
    // no transaction: ferretdb v1 (the test server) has none, and a standalone mongodb neither.
    // leads go first, so a crash half-way leaves a visible profile whose delete can be retried
    // rather than leads nobody can reach; the second sweep takes leads that arrived in between.
    await leads.deleteMany({ profileId: filter._id }).exec();
    const result = await profiles.deleteOne(filter).exec();
    await leads.deleteMany({ profileId: filter._id }).exec();
    return result.deletedCount > 0;
  }
}

/** null when either id is malformed, so it finds nothing */
function ownedFilter(id: string, ownerId: string) {
  const _id = objectId(id);
  const owner = objectId(ownerId);
  return _id && owner ? { _id, ownerId: owner } : null;
}

/** a personal card's nulls, or the team card's ids; throws on a malformed one, as create does for the owner */
function placementFields(placement: CardPlacement | undefined) {
  if (!placement) return { teamId: null, templateId: null };
  const teamId = objectId(placement.teamId);
  if (!teamId) throw new Error(`malformed team id: ${placement.teamId}`);
  if (placement.templateId === null) return { teamId, templateId: null };
  const templateId = objectId(placement.templateId);
  if (!templateId) throw new Error(`malformed template id: ${placement.templateId}`);
  return { teamId, templateId };
}
