import { Inject, Injectable } from '@nestjs/common';
import type {
  AccountLeadResponse,
  BulkLeadsDto,
  BulkLeadsResponse,
  LeadsQueryDto,
  Page,
} from '@cardcraft/contracts';
import type { LeadRecord, LeadsRepository, ProfileRecord, ProfilesRepository } from '@cardcraft/storage';
import { LEADS, PROFILES } from '../platform/storage/storage.tokens';
import { LeadInbox, leadFilter } from './lead-inbox';
import { toLeadResponse } from './lead.mapper';

/**
 * the leads of every card the account holds (its personal cards and the team cards it holds), in one
 * list: the same filters, order, csv and bulk changes as one card's. a team's other cards are the
 * team inbox's (teams/)
 */
@Injectable()
export class AccountLeadsService {
  constructor(
    @Inject(PROFILES) private readonly profiles: ProfilesRepository,
    @Inject(LEADS) private readonly leads: LeadsRepository,
    private readonly inbox: LeadInbox,
  ) {}

  async page(userId: string, query: LeadsQueryDto): Promise<Page<AccountLeadResponse>> {
    const cards = await this.cards(userId, query.profileId);
    const byId = new Map(cards.map((card) => [card.id, card]));
    return this.inbox.page(
      leadFilter(
        cards.map((card) => card.id),
        query,
      ),
      query,
      (lead, followUp) => ({
        ...toLeadResponse(lead, followUp),
        cardHandle: byId.get(lead.profileId)?.handle ?? '',
        cardDisplayName: byId.get(lead.profileId)?.displayName ?? '',
      }),
    );
  }

  /** the leads the filters match, each with its card's handle */
  async *csvRows(userId: string, query: LeadsQueryDto): AsyncGenerator<{ lead: LeadRecord; card: string }> {
    const cards = await this.cards(userId, query.profileId);
    const handles = new Map(cards.map((card) => [card.id, card.handle]));
    const filter = leadFilter(
      cards.map((card) => card.id),
      query,
    );
    for await (const lead of this.inbox.all(filter)) yield { lead, card: handles.get(lead.profileId) ?? '' };
  }

  /** the tags in use on the account's cards, for the tag picker and the filter */
  async tags(userId: string): Promise<string[]> {
    const cards = await this.profiles.listByOwner(userId);
    return this.leads.tagsOf(cards.map((card) => card.id));
  }

  async bulk(userId: string, input: BulkLeadsDto): Promise<BulkLeadsResponse> {
    const cards = await this.profiles.listByOwner(userId);
    return this.inbox.bulk(input, new Map(cards.map((card) => [card.id, card])));
  }

  /** the account's cards, or the one asked for among them (none when it is not one of them) */
  private async cards(userId: string, profileId: string | null): Promise<ProfileRecord[]> {
    const cards = await this.profiles.listByOwner(userId);
    return profileId ? cards.filter((card) => card.id === profileId) : cards;
  }
}
