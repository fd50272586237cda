import { Inject, Injectable } from '@nestjs/common';
import {
  LeadWorkLimits,
  LeadWorkMessages,
  tagKey,
  type BulkLeadsDto,
  type BulkLeadsResponse,
  type LeadFiltersDto,
  type LeadFollowUpResponse,
  type LeadResponse,
  type Page,
} from '@cardcraft/contracts';
import type { LeadChanges, LeadFilter, LeadRecord, LeadsRepository, ProfileRecord } from '@cardcraft/storage';
import { DomainEvents } from '../platform/events/domain-events';
import { LEADS } from '../platform/storage/storage.tokens';
import { UNAVAILABLE } from './follow-up';
import { LeadFollowUps } from './lead-follow-ups';
import { toLeadResponse } from './lead.mapper';

const DAY_MS = 86_400_000;
const EXPORT_PAGE = 500;
/**
 * "Follow up first" ranks this many of the newest leads that match: the ranking needs every one's
 * signals, and an owner works through the recent ones. past it, the older leads follow, newest first.
 */
export const FOLLOW_UP_RANKED = 1000;

/** the store's filter of some cards' leads from a list's query */
export function leadFilter(profileIds: readonly string[], query: LeadFiltersDto): LeadFilter {
  return {
    profileIds,
    status: query.status,
    tag: query.tag,
    from: query.from ? new Date(`${query.from}T00:00:00Z`) : null,
    // the last day is included: up to the next day's start
    to: query.to ? new Date(Date.parse(`${query.to}T00:00:00Z`) + DAY_MS) : null,
    text: query.q,
  };
}

/** a lead as one of several cards' lists answers it */
export type Describe<T extends LeadResponse> = (lead: LeadRecord, followUp: LeadFollowUpResponse) => T;

/** what a lead's change changes: the fields that differ, in a fixed order */
function changedFields(lead: LeadRecord, changes: LeadChanges): LeadChanges {
  const out: LeadChanges = {};
  if (changes.status !== undefined && changes.status !== lead.status) out.status = changes.status;
  if (changes.tags !== undefined && JSON.stringify(changes.tags) !== JSON.stringify(lead.tags)) {
    out.tags = changes.tags;
  }
  if (changes.note !== undefined && changes.note !== lead.note) out.note = changes.note;
  return out;
}

/**
 * the leads of one or several cards as an owner works them: a page filtered and ordered (newest, or
 * who to follow up first), every lead of a filter for the csv, a lead's change with its domain event,
 * and one change to many leads. who may reach which cards is the caller's to decide.
 */
@Injectable()
export class LeadInbox {
  constructor(
    @Inject(LEADS) private readonly leads: LeadsRepository,
    private readonly followUps: LeadFollowUps,
    private readonly events: DomainEvents,
  ) {}

  async page<T extends LeadResponse>(
    filter: LeadFilter,
    query: Pick<LeadFiltersDto, 'page' | 'pageSize' | 'sort'>,
    describe: Describe<T>,
  ): Promise<Page<T>> {
    const offset = (query.page - 1) * query.pageSize;
    const { page, pageSize } = query;
    if (query.sort === 'followUp') {
      const ranked = await this.rankedByFollowUp(filter, offset, pageSize);
      return {
        ...ranked,
        items: ranked.items.map(({ lead, followUp }) => describe(lead, followUp)),
        page,
        pageSize,
      };
    }
    const { items, total } = await this.leads.search(filter, { offset, limit: pageSize });
    const followUps = await this.followUps.of(items);
    return {
      items: items.map((lead) => describe(lead, followUps.get(lead.id) ?? UNAVAILABLE)),
      page,
      pageSize,
      total,
    };
  }

  /** every lead the filter matches, newest first, read a page at a time */
  async *all(filter: LeadFilter): AsyncGenerator<LeadRecord> {
    for (let offset = 0; ; offset += EXPORT_PAGE) {
      const { items } = await this.leads.search(filter, { offset, limit: EXPORT_PAGE });
      yield* items;
      if (items.length < EXPORT_PAGE) return;
    }
  }

  /**
   * applies what differs and publishes lead.updated once, naming the fields; a change that changes
   * nothing writes nothing and publishes nothing. null when the lead is gone meanwhile
   */
  async change(profile: ProfileRecord, lead: LeadRecord, changes: LeadChanges): Promise<LeadRecord | null> {
    const changed = changedFields(lead, changes);
    const names = Object.keys(changed);
    if (names.length === 0) return lead;
    const updated = await this.leads.update(profile.id, lead.id, changed);
    if (updated) await this.events.publish('lead.updated', { lead: updated, profile, changes: names });
    return updated;
  }

  async response(lead: LeadRecord): Promise<LeadResponse> {
    return toLeadResponse(lead, await this.followUps.one(lead));
  }

  /** one action on many leads, each id answered; a lead outside `reach` (the cards in reach) is not found */
  async bulk(input: BulkLeadsDto, reach: ReadonlyMap<string, ProfileRecord>): Promise<BulkLeadsResponse> {
    const ids = [...new Set(input.leadIds)];
    const found = new Map((await this.leads.findByIds(ids)).map((lead) => [lead.id, lead]));
    const results: BulkLeadsResponse['results'] = [];
    for (const id of ids) {
      const lead = found.get(id);
      const profile = lead ? reach.get(lead.profileId) : undefined;
      if (!lead || !profile) {
        results.push({ id, outcome: 'notFound' });
        continue;
      }
      results.push({ id, ...(await this.applyOne(input, profile, lead)) });
    }
    return {
      results,
      changed: results.filter((r) => r.outcome === 'updated' || r.outcome === 'deleted').length,
    };
  }

  private async applyOne(
    input: BulkLeadsDto,
    profile: ProfileRecord,
    lead: LeadRecord,
  ): Promise<Omit<BulkLeadsResponse['results'][number], 'id'>> {
    if (input.action === 'delete') {
      return { outcome: (await this.leads.delete(profile.id, lead.id)) ? 'deleted' : 'notFound' };
    }
    let changes: LeadChanges;
    if (input.action === 'status') {
      changes = { status: input.status };
    } else {
      const given = input.tags ?? [];
      const keys = new Set(given.map(tagKey));
      const kept = lead.tags.filter((tag) => !keys.has(tagKey(tag)));
      const tags =
        input.action === 'addTags'
          ? [...lead.tags, ...given.filter((tag) => !lead.tags.some((t) => tagKey(t) === tagKey(tag)))]
          : kept;
      if (tags.length > LeadWorkLimits.tagsMax)
        return { outcome: 'refused', error: LeadWorkMessages.tooManyTags };
      changes = { tags };
    }
    if (Object.keys(changedFields(lead, changes)).length === 0) return { outcome: 'unchanged' };
    return { outcome: (await this.change(profile, lead, changes)) ? 'updated' : 'notFound' };
  }

  /** a page of the newest FOLLOW_UP_RANKED matches ranked by score (ties newest first), then the older ones */
  private async rankedByFollowUp(
    filter: LeadFilter,
    offset: number,
    limit: number,
  ): Promise<{ items: Array<{ lead: LeadRecord; followUp: LeadFollowUpResponse }>; total: number }> {
    const head = await this.leads.search(filter, { offset: 0, limit: FOLLOW_UP_RANKED });
    const followUps = await this.followUps.of(head.items);
    const ranked = head.items
      .map((lead, n) => ({ lead, n, followUp: followUps.get(lead.id) ?? UNAVAILABLE }))
      .sort((a, b) => b.followUp.score - a.followUp.score || a.n - b.n)
      .slice(offset, offset + limit);
    if (ranked.length === limit || head.items.length < FOLLOW_UP_RANKED) {
      return { items: ranked, total: head.total };
    }
    // past the ranked ones: the rest, newest first
    const restOffset = Math.max(offset, FOLLOW_UP_RANKED);
    const rest = await this.leads.search(filter, { offset: restOffset, limit: limit - ranked.length });
    const restFollowUps = await this.followUps.of(rest.items);
    return {
      items: [
        ...ranked,
        ...rest.items.map((lead) => ({ lead, followUp: restFollowUps.get(lead.id) ?? UNAVAILABLE })),
      ],
      total: head.total,
    };
  }
}
