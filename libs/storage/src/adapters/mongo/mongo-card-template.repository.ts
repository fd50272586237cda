import type { LockableField } from '@cardcraft/contracts';
import type { CardTemplateData, CardTemplateRecord, CardTemplatesRepository } from '../../ports';
import type { MongoModels } from './mongo-database';
import { objectId } from './mongo-object-id';
import { contentFields, toContent } from './mongo-profile.mapper';
import type { CardTemplateDoc } from './mongo-schemas';

function toTemplate(doc: CardTemplateDoc): CardTemplateRecord {
  return {
    id: doc._id.toHexString(),
    teamId: doc.teamId.toHexString(),
    name: doc.name,
    content: toContent(doc.content),
    lockedFields: (doc.lockedFields ?? []) as LockableField[],
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
  };
}

function templateFields(data: CardTemplateData) {
  return { name: data.name, content: contentFields(data.content), lockedFields: data.lockedFields };
}

export class MongoCardTemplateRepository implements CardTemplatesRepository {
  /** a template's cards lose their link to it when it goes */
  constructor(private readonly models: Pick<MongoModels, 'cardTemplates' | 'profiles'>) {}

  async create(teamId: string, data: CardTemplateData): Promise<CardTemplateRecord> {
    const team = objectId(teamId);
    if (!team) throw new Error(`malformed team id: ${teamId}`);
    const doc = await this.models.cardTemplates.create({ ...templateFields(data), teamId: team });
    return toTemplate(doc.toObject());
  }

  async findById(teamId: string, id: string): Promise<CardTemplateRecord | null> {
    const filter = inTeam(teamId, id);
    if (!filter) return null;
    const doc = await this.models.cardTemplates.findOne(filter).lean<CardTemplateDoc>().exec();
    return doc ? toTemplate(doc) : null;
  }

  async listByTeam(teamId: string): Promise<CardTemplateRecord[]> {
    const team = objectId(teamId);
    if (!team) return [];
    const docs = await this.models.cardTemplates
      .find({ teamId: team })
      .sort({ createdAt: 1, _id: 1 })
      .lean<CardTemplateDoc[]>()
      .exec();
    return docs.map(toTemplate);
  }

  async update(teamId: string, id: string, data: CardTemplateData): Promise<CardTemplateRecord | null> {
    const filter = inTeam(teamId, id);
    if (!filter) return null;
    const doc = await this.models.cardTemplates
      .findOneAndUpdate(filter, { $set: templateFields(data) }, { new: true })
      .lean<CardTemplateDoc>()
      .exec();
    return doc ? toTemplate(doc) : null;
  }

  async delete(teamId: string, id: string): Promise<boolean> {
    const filter = inTeam(teamId, id);
    if (!filter) return false;
    const { cardTemplates, profiles } = this.models;
    if (!(await cardTemplates.exists(filter).exec())) return false;
    // no transaction (see profiles): the links go first, so a crash half-way leaves a template whose
    // delete can be retried rather than cards naming a template that is gone; the second sweep takes
    // a card made from it in between
    const unlink = () =>
      profiles
        .updateMany(
          { teamId: filter.teamId, templateId: filter._id },
          { $set: { templateId: null } },
          // the card's content is as its holder left it: its updatedAt stays, as in sqlite
          { timestamps: false },
        )
        .exec();
    await unlink();
    const result = await cardTemplates.deleteOne(filter).exec();
    await unlink();
    return result.deletedCount > 0;
  }
}

/** null when either id is malformed, so it finds nothing */
function inTeam(teamId: string, id: string) {
  const team = objectId(teamId);
  const _id = objectId(id);
  return team && _id ? { _id, teamId: team } : null;
}
