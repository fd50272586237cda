import type { LeadAnswer } from '@cardcraft/contracts';
import type { LeadRecord, LeadsRepository, NewLead, PageRequest, PageResult } from '../../ports';
import { newObjectIdHex } from './object-id';
import type { SqliteDatabase } from './sqlite-database';

interface LeadRow {
  id: string;
  profile_id: string;
  email: string;
  message: string | null;
  name: string | null;
  phone: string | null;
  company: string | null;
  consent: number;
  consent_text: string;
  visitor_user_id: string | null;
  /** JSON; null on messages left before questions */
  answers: string | null;
  /** null unless "Send me your card" was ticked */
  exchange_consent_text: string | null;
  exchange_consented_at: number | null;
  exchange_card_sent: number | null;
  created_at: number;
}

function toLead(row: LeadRow): LeadRecord {
  return {
    id: row.id,
    profileId: row.profile_id,
    email: row.email,
    message: row.message,
    name: row.name ?? null,
    phone: row.phone ?? null,
    company: row.company ?? null,
    consent: row.consent === 1,
    consentText: row.consent_text,
    visitorUserId: row.visitor_user_id,
    answers: row.answers ? (JSON.parse(row.answers) as LeadAnswer[]) : [],
    cardExchange:
      row.exchange_consent_text === null || row.exchange_consented_at === null
        ? null
        : {
            consentText: row.exchange_consent_text,
            consentedAt: new Date(row.exchange_consented_at),
            cardSent: row.exchange_card_sent === 1,
          },
    createdAt: new Date(row.created_at),
  };
}

/** only an answer's own fields, so stray properties of a caller's object are not stored */
function answerParts({ questionId, label, kind, value }: LeadAnswer): LeadAnswer {
  return { questionId, label, kind, value };
}

export class SqliteLeadRepository implements LeadsRepository {
  private readonly insert;
  private readonly page;
  private readonly count;
  private readonly pageOfMany;
  private readonly countOfMany;
  private readonly one;
  private readonly remove;

  constructor(db: SqliteDatabase) {
    this.one = db.prepare<[string, string], LeadRow>('SELECT * FROM leads WHERE id = ? AND profile_id = ?');
    this.insert = db.prepare(
      `INSERT INTO leads (id, profile_id, email, message, name, phone, company, consent, consent_text,
         visitor_user_id, answers, exchange_consent_text, exchange_consented_at, exchange_card_sent,
         created_at)
       VALUES (@id, @profile_id, @email, @message, @name, @phone, @company, @consent, @consent_text,
         @visitor_user_id, @answers, @exchange_consent_text, @exchange_consented_at, @exchange_card_sent,
         @created_at)`,
    );
    // the id breaks ties between leads of the same millisecond: later ids sort after earlier ones
    this.page = db.prepare<[string, number, number], LeadRow>(
      `SELECT * FROM leads WHERE profile_id = ? ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?`,
    );
    this.count = db.prepare<[string], { total: number }>(
      'SELECT count(*) AS total FROM leads WHERE profile_id = ?',
    );
    // the ids go in as one JSON array, so one prepared statement serves any number of cards
    this.pageOfMany = db.prepare<[string, number, number], LeadRow>(
      `SELECT * FROM leads WHERE profile_id IN (SELECT value FROM json_each(?))
       ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?`,
    );
    this.countOfMany = db.prepare<[string], { total: number }>(
      'SELECT count(*) AS total FROM leads WHERE profile_id IN (SELECT value FROM json_each(?))',
    );
    this.remove = db.prepare<[string, string]>('DELETE FROM leads WHERE id = ? AND profile_id = ?');
  }

  async create(lead: NewLead): Promise<LeadRecord> {
    const row: LeadRow = {
      id: newObjectIdHex(),
      profile_id: lead.profileId,
      email: lead.email,
      message: lead.message,
      name: lead.name,
      phone: lead.phone,
      company: lead.company,
      consent: lead.consent ? 1 : 0,
      consent_text: lead.consentText,
      visitor_user_id: lead.visitorUserId,
      answers: lead.answers.length > 0 ? JSON.stringify(lead.answers.map(answerParts)) : null,
      exchange_consent_text: lead.cardExchange?.consentText ?? null,
      exchange_consented_at: lead.cardExchange?.consentedAt.getTime() ?? null,
      exchange_card_sent: lead.cardExchange ? (lead.cardExchange.cardSent ? 1 : 0) : null,
      created_at: Date.now(),
    };
    this.insert.run(row);
    return toLead(row);
  }

  async listByProfile(profileId: string, page: PageRequest): Promise<PageResult<LeadRecord>> {
    const items = this.page.all(profileId, page.limit, page.offset).map(toLead);
    const total = this.count.get(profileId)?.total ?? 0;
    return { items, total };
  }

  async listByProfiles(profileIds: readonly string[], page: PageRequest): Promise<PageResult<LeadRecord>> {
    if (profileIds.length === 0) return { items: [], total: 0 };
    const ids = JSON.stringify(profileIds);
    const items = this.pageOfMany.all(ids, page.limit, page.offset).map(toLead);
    const total = this.countOfMany.get(ids)?.total ?? 0;
    return { items, total };
  }

  async findOne(profileId: string, leadId: string): Promise<LeadRecord | null> {
    const row = this.one.get(leadId, profileId);
    return row ? toLead(row) : null;
  }

  async delete(profileId: string, leadId: string): Promise<boolean> {
    return this.remove.run(leadId, profileId).changes > 0;
  }
}
