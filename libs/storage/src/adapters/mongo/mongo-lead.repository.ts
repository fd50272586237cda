import type { Types } from 'mongoose';
import type { LeadRecord, LeadsRepository, NewLead, PageRequest, PageResult } from '../../ports';
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
  };
}

export class MongoLeadRepository implements LeadsRepository {
  constructor(private readonly models: Pick<MongoModels, 'leads'>) {}

  async create(lead: NewLead): Promise<LeadRecord> {
    const profileId = objectId(lead.profileId);
    if (!profileId) throw new Error(`malformed profile id: ${lead.profileId}`);
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

  async listByProfile(profileId: string, page: PageRequest): Promise<PageResult<LeadRecord>> {
    const id = objectId(profileId);
    if (!id) return { items: [], total: 0 };
    const [docs, total] = await Promise.all([
      // _id breaks ties between leads of the same millisecond: later object ids sort after earlier ones
      this.models.leads
        .find({ profileId: id })
        .sort({ createdAt: -1, _id: -1 })
        .skip(page.offset)
        .limit(page.limit)
        .lean<LeadDoc[]>()
        .exec(),
      this.models.leads.countDocuments({ profileId: id }).exec(),
    ]);
    return { items: docs.map(toLead), total };
  }

  async listByProfiles(profileIds: readonly string[], page: PageRequest): Promise<PageResult<LeadRecord>> {
    const ids = profileIds.map(objectId).filter((id): id is Types.ObjectId => id !== null);
    if (ids.length === 0) return { items: [], total: 0 };
    const filter = { profileId: { $in: ids } };
    const [docs, total] = await Promise.all([
      this.models.leads
        .find(filter)
        .sort({ createdAt: -1, _id: -1 })
        .skip(page.offset)
        .limit(page.limit)
        .lean<LeadDoc[]>()
        .exec(),
      this.models.leads.countDocuments(filter).exec(),
    ]);
    return { items: docs.map(toLead), total };
  }

  async findOne(profileId: string, leadId: string): Promise<LeadRecord | null> {
    const profile = objectId(profileId);
    const _id = objectId(leadId);
    if (!profile || !_id) return null;
    const doc = await this.models.leads.findOne({ _id, profileId: profile }).lean<LeadDoc>().exec();
    return doc ? toLead(doc) : null;
  }

  async delete(profileId: string, leadId: string): Promise<boolean> {
    const profile = objectId(profileId);
    const _id = objectId(leadId);
    if (!profile || !_id) return false;
    const result = await this.models.leads.deleteOne({ _id, profileId: profile }).exec();
    return result.deletedCount > 0;
  }
}
