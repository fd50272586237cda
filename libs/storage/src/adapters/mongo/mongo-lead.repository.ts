import type { LeadStatus } from '@cardcraft/contracts';
import type { FilterQuery, Types } from 'mongoose';
import type {
  LeadChanges,
  LeadFilter,
  LeadRecord,
  LeadSignals,
  LeadsRepository,
  NewLead,
  PageRequest,
  PageResult,
} from '../../ports';
import { distinctTags, leadSearchText, searchNeedle, tagKeys } from '../lead-search';
import type { MongoModels } from './mongo-database';
import { objectId } from './mongo-object-id';
import type { LeadDoc } from './mongo-schemas';

function toLead(doc: LeadDoc): LeadRecord {
  return {
    id: doc._id.toHexString(),
    profileId: doc.profileId.toHexString(),
    email: doc.email,
    message: doc.message ?? null,
    name: doc.name ?? null,
    phone: doc.phone ?? null,
    company: doc.company ?? null,
    consent: doc.consent === true,
    consentText: doc.consentText,
    visitorUserId: doc.visitorUserId ?? null,
    visitorKey: doc.visitorKey ?? null,
    answers: (doc.answers ?? []).map(({ questionId, label, kind, value }) => ({
      questionId,
      label,
      kind,
      value: Array.isArray(value) ? [...value] : value,
    })),
    cardExchange: doc.cardExchange
      ? {
          consentText: doc.cardExchange.consentText,
          consentedAt: doc.cardExchange.consentedAt,
          cardSent: doc.cardExchange.cardSent === true,
        }
      : null,
    createdAt: doc.createdAt,
    status: (doc.status ?? 'new') as LeadStatus,
    tags: doc.tags ?? [],
    note: doc.note ?? null,
    updatedAt: doc.updatedAt ?? doc.createdAt,
    statusChangedAt: doc.statusChangedAt ?? null,
    followUp: doc.followUp
      ? {
          views: doc.followUp.views,
          saves: doc.followUp.saves,
          linkClicks: doc.followUp.linkClicks,
          shares: doc.followUp.shares,
          calls: doc.followUp.calls,
          emails: doc.followUp.emails,
        }
      : null,
  };
}

/** a regular expression that matches the text as it is: every character with a meaning escaped */
function literal(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
}

function ids(values: readonly string[]): Types.ObjectId[] {
  return values.map(objectId).filter((id): id is Types.ObjectId => id !== null);
}

export class MongoLeadRepository implements LeadsRepository {
  constructor(private readonly models: Pick<MongoModels, 'leads'>) {}

  async create(lead: NewLead): Promise<LeadRecord> {
    const profileId = objectId(lead.profileId);
    if (!profileId) throw new Error(`malformed profile id: ${lead.profileId}`);
    const now = new Date();
    const doc = await this.models.leads.create({
      profileId,
      email: lead.email,
      message: lead.message,
      name: lead.name,
      phone: lead.phone,
      company: lead.company,
      consent: lead.consent,
      consentText: lead.consentText,
      visitorUserId: lead.visitorUserId,
      createdAt: now,
      status: 'new',
      tags: [],
      tagKeys: [],
      note: null,
      searchText: leadSearchText({ ...lead, note: null }),
      updatedAt: now,
      statusChangedAt: null,
      visitorKey: lead.visitorKey,
      followUp: null,
      answers: lead.answers.map(({ questionId, label, kind, value }) => ({ questionId, label, kind, value })),
      cardExchange: lead.cardExchange
        ? {
            consentText: lead.cardExchange.consentText,
            consentedAt: lead.cardExchange.consentedAt,
            cardSent: lead.cardExchange.cardSent,
          }
        : null,
    });
    return toLead(doc.toObject());
  }

  listByProfile(profileId: string, page: PageRequest): Promise<PageResult<LeadRecord>> {
    return this.search({ profileIds: [profileId] }, page);
  }

  listByProfiles(profileIds: readonly string[], page: PageRequest): Promise<PageResult<LeadRecord>> {
    return this.search({ profileIds }, page);
  }

  async search(filter: LeadFilter, page: PageRequest): Promise<PageResult<LeadRecord>> {
    const cards = ids(filter.profileIds);
    if (cards.length === 0) return { items: [], total: 0 };
    const query: FilterQuery<LeadDoc> = { profileId: { $in: cards } };
    if (filter.status) query.status = filter.status;
    if (filter.tag) query.tagKeys = tagKeys([filter.tag])[0];
    if (filter.from || filter.to) {
      query.createdAt = {
        ...(filter.from ? { $gte: filter.from } : {}),
        ...(filter.to ? { $lt: filter.to } : {}),
      };
    }
    // a substring of the lower-cased text, every character of the needle escaped: no pattern the
    // owner types can widen the match or make the engine backtrack
    if (filter.text) query.searchText = { $regex: literal(searchNeedle(filter.text)) };
    const [docs, total] = await Promise.all([
      // _id breaks ties between leads of the same millisecond: later object ids sort after earlier ones
      this.models.leads
        .find(query)
        .sort({ createdAt: -1, _id: -1 })
        .skip(page.offset)
        .limit(page.limit)
        .lean<LeadDoc[]>()
        .exec(),
      this.models.leads.countDocuments(query).exec(),
    ]);
    return { items: docs.map(toLead), total };
  }

  async tagsOf(profileIds: readonly string[]): Promise<string[]> {
    const cards = ids(profileIds);
    if (cards.length === 0) return [];
    const docs = await this.models.leads
      .find({ profileId: { $in: cards }, 'tags.0': { $exists: true } })
      .select('tags')
      .lean<Array<Pick<LeadDoc, 'tags'>>>()
      .exec();
    return distinctTags(docs.flatMap((doc) => doc.tags ?? []));
  }

  async findByIds(leadIds: readonly string[]): Promise<LeadRecord[]> {
    const wanted = ids(leadIds);
    if (wanted.length === 0) return [];
    const docs = await this.models.leads
      .find({ _id: { $in: wanted } })
      .lean<LeadDoc[]>()
      .exec();
    return docs.map(toLead);
  }

  async findOne(profileId: string, leadId: string): Promise<LeadRecord | null> {
    const profile = objectId(profileId);
    const _id = objectId(leadId);
    if (!profile || !_id) return null;
    const doc = await this.models.leads.findOne({ _id, profileId: profile }).lean<LeadDoc>().exec();
    return doc ? toLead(doc) : null;
  }

  async update(profileId: string, leadId: string, changes: LeadChanges): Promise<LeadRecord | null> {
    const before = await this.findOne(profileId, leadId);
    if (!before) return null;
    const now = new Date();
    const status = changes.status ?? before.status;
    const tags = changes.tags ?? before.tags;
    const note = changes.note === undefined ? before.note : changes.note;
    const set: Partial<LeadDoc> = {
      status,
      tags,
      tagKeys: tagKeys(tags),
      note,
      searchText: leadSearchText({ ...before, note }),
      updatedAt: now,
      ...(status !== before.status ? { statusChangedAt: now } : {}),
    };
    const doc = await this.models.leads
      .findOneAndUpdate(
        { _id: objectId(leadId), profileId: objectId(profileId) },
        { $set: set },
        { new: true },
      )
      .lean<LeadDoc>()
      .exec();
    return doc ? toLead(doc) : null;
  }

  async keepFollowUp(profileId: string, leadId: string, signals: LeadSignals): Promise<void> {
    const profile = objectId(profileId);
    const _id = objectId(leadId);
    if (!profile || !_id) return;
    await this.models.leads
      .updateOne({ _id, profileId: profile }, { $set: { followUp: { ...signals }, visitorKey: null } })
      .exec();
  }

  async delete(profileId: string, leadId: string): Promise<boolean> {
    const profile = objectId(profileId);
    const _id = objectId(leadId);
    if (!profile || !_id) return false;
    const result = await this.models.leads.deleteOne({ _id, profileId: profile }).exec();
    return result.deletedCount > 0;
  }
}
