import type { LeadAnswer, LeadStatus } from '@cardcraft/contracts';
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
import { newObjectIdHex } from './object-id';
import type { SqliteDatabase, SqliteStatement } from './sqlite-database';

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
  status: string;
  tags: string;
  tag_keys: string;
  note: string | null;
  search_text: string;
  updated_at: number;
  status_changed_at: number | null;
  visitor_key: string | null;
  follow_up: string | null;
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
    visitorKey: row.visitor_key ?? null,
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
    status: row.status as LeadStatus,
    tags: JSON.parse(row.tags) as string[],
    note: row.note ?? null,
    updatedAt: new Date(row.updated_at),
    statusChangedAt: row.status_changed_at === null ? null : new Date(row.status_changed_at),
    followUp: row.follow_up === null ? null : (JSON.parse(row.follow_up) as LeadSignals),
  };
}

/** the WHERE of a filter and its values; the card ids go in as one JSON array */
function filterSql(filter: LeadFilter): { where: string; values: Array<string | number> } {
  const tests = ['profile_id IN (SELECT value FROM json_each(?))'];
  const values: Array<string | number> = [JSON.stringify(filter.profileIds)];
  if (filter.status) {
    tests.push('status = ?');
    values.push(filter.status);
  }
  if (filter.tag) {
    tests.push('EXISTS (SELECT 1 FROM json_each(leads.tag_keys) WHERE json_each.value = ?)');
    values.push(tagKeys([filter.tag])[0] ?? '');
  }
  if (filter.from) {
    tests.push('created_at >= ?');
    values.push(filter.from.getTime());
  }
  if (filter.to) {
    tests.push('created_at < ?');
    values.push(filter.to.getTime());
  }
  if (filter.text) {
    // instr, not LIKE: what the owner types is looked for as it is, with no wildcard in it
    tests.push('instr(search_text, ?) > 0');
    values.push(searchNeedle(filter.text));
  }
  return { where: tests.join(' AND '), values };
}

/** only an answer's own fields, so stray properties of a caller's object are not stored */
function answerParts({ questionId, label, kind, value }: LeadAnswer): LeadAnswer {
  return { questionId, label, kind, value };
}

export class SqliteLeadRepository implements LeadsRepository {
  private readonly insert;
  private readonly one;
  private readonly remove;
  private readonly write;
  private readonly keep;
  private readonly tagLists;
  private readonly byIds;
  /** a statement pair per shape of filter: a few dozen at most */
  private readonly searches = new Map<string, { page: SqliteStatement; count: SqliteStatement }>();

  constructor(private readonly db: SqliteDatabase) {
    this.one = db.prepare<[string, string], LeadRow>('SELECT * FROM leads WHERE id = ? AND profile_id = ?');
    this.insert = db.prepare(
      `INSERT INTO leads (id, profile_id, email, message, name, phone, company, consent, consent_text,
         visitor_user_id, answers, exchange_consent_text, exchange_consented_at, exchange_card_sent,
         created_at, status, tags, tag_keys, note, search_text, updated_at,
         status_changed_at, visitor_key, follow_up)
       VALUES (@id, @profile_id, @email, @message, @name, @phone, @company, @consent, @consent_text,
         @visitor_user_id, @answers, @exchange_consent_text, @exchange_consented_at, @exchange_card_sent,
         @created_at, @status, @tags, @tag_keys, @note, @search_text, @updated_at,
         @status_changed_at, @visitor_key, @follow_up)`,
    );
    this.remove = db.prepare<[string, string]>('DELETE FROM leads WHERE id = ? AND profile_id = ?');
    this.write = db.prepare(
      `UPDATE leads SET status = @status, tags = @tags, tag_keys = @tag_keys, note = @note,
         search_text = @search_text, updated_at = @updated_at, status_changed_at = @status_changed_at
       WHERE id = @id AND profile_id = @profile_id`,
    );
    this.keep = db.prepare<[string, string, string]>(
      'UPDATE leads SET follow_up = ?, visitor_key = NULL WHERE id = ? AND profile_id = ?',
    );
    this.tagLists = db.prepare<[string], { tags: string }>(
      `SELECT DISTINCT tags FROM leads
       WHERE profile_id IN (SELECT value FROM json_each(?)) AND tags <> '[]'`,
    );
    this.byIds = db.prepare<[string], LeadRow>(
      'SELECT * FROM leads WHERE id IN (SELECT value FROM json_each(?))',
    );
  }

  async create(lead: NewLead): Promise<LeadRecord> {
    const now = Date.now();
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
      created_at: now,
      answers: lead.answers.length > 0 ? JSON.stringify(lead.answers.map(answerParts)) : null,
      exchange_consent_text: lead.cardExchange?.consentText ?? null,
      exchange_consented_at: lead.cardExchange?.consentedAt.getTime() ?? null,
      exchange_card_sent: lead.cardExchange ? (lead.cardExchange.cardSent ? 1 : 0) : null,
      status: 'new',
      tags: '[]',
      tag_keys: '[]',
      note: null,
      search_text: leadSearchText({ ...lead, note: null }),
      updated_at: now,
      status_changed_at: null,
      visitor_key: lead.visitorKey,
      follow_up: null,
    };
    this.insert.run(row);
    return toLead(row);
  }

  listByProfile(profileId: string, page: PageRequest): Promise<PageResult<LeadRecord>> {
    return this.search({ profileIds: [profileId] }, page);
  }

  listByProfiles(profileIds: readonly string[], page: PageRequest): Promise<PageResult<LeadRecord>> {
    return this.search({ profileIds }, page);
  }

  async search(filter: LeadFilter, page: PageRequest): Promise<PageResult<LeadRecord>> {
    if (filter.profileIds.length === 0) return { items: [], total: 0 };
    const { where, values } = filterSql(filter);
    let sql = this.searches.get(where);
    if (!sql) {
      // the id breaks ties between leads of the same millisecond: later ids sort after earlier ones
      sql = {
        page: this.db.prepare(
          `SELECT * FROM leads WHERE ${where} ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?`,
        ),
        count: this.db.prepare(`SELECT count(*) AS total FROM leads WHERE ${where}`),
      };
      this.searches.set(where, sql);
    }
    const items = (sql.page.all(...values, page.limit, page.offset) as LeadRow[]).map(toLead);
    const total = (sql.count.get(...values) as { total: number } | undefined)?.total ?? 0;
    return { items, total };
  }

  async tagsOf(profileIds: readonly string[]): Promise<string[]> {
    if (profileIds.length === 0) return [];
    const lists = this.tagLists.all(JSON.stringify(profileIds));
    return distinctTags(lists.flatMap((row) => JSON.parse(row.tags) as string[]));
  }

  async findByIds(leadIds: readonly string[]): Promise<LeadRecord[]> {
    if (leadIds.length === 0) return [];
    return this.byIds.all(JSON.stringify(leadIds)).map(toLead);
  }

  async findOne(profileId: string, leadId: string): Promise<LeadRecord | null> {
    const row = this.one.get(leadId, profileId);
    return row ? toLead(row) : null;
  }

  async update(profileId: string, leadId: string, changes: LeadChanges): Promise<LeadRecord | null> {
    // read and write in one transaction, so two changes at once never mix each other's fields
    return this.db.transaction(() => {
      const row = this.one.get(leadId, profileId);
      if (!row) return null;
      const before = toLead(row);
      const now = Date.now();
      const status = changes.status ?? before.status;
      const tags = changes.tags ?? before.tags;
      const note = changes.note === undefined ? before.note : changes.note;
      const next: LeadRow = {
        ...row,
        status,
        tags: JSON.stringify(tags),
        tag_keys: JSON.stringify(tagKeys(tags)),
        note,
        search_text: leadSearchText({ ...before, note }),
        updated_at: now,
        status_changed_at: status !== before.status ? now : row.status_changed_at,
      };
      this.write.run(next);
      return toLead(next);
    })();
  }

  async keepFollowUp(profileId: string, leadId: string, signals: LeadSignals): Promise<void> {
    this.keep.run(JSON.stringify(signals), leadId, profileId);
  }

  async delete(profileId: string, leadId: string): Promise<boolean> {
    return this.remove.run(leadId, profileId).changes > 0;
  }
}
