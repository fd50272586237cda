import { Inject, Injectable } from '@nestjs/common';
import type {
  AnalyticsOverviewQueryDto,
  AnalyticsOverviewResponse,
  BulkLeadsDto,
  BulkLeadsResponse,
  LeadFollowUpResponse,
  Page,
  TeamAnalyticsQueryDto,
  TeamAnalyticsResponse,
  TeamLeadResponse,
  TeamLeadsQueryDto,
} from '@cardcraft/contracts';
import type { LeadRecord, LeadsRepository, ProfileRecord, UsersRepository } from '@cardcraft/storage';
import { AnalyticsOverviewService } from '../analytics/analytics-overview.service';
import { AnalyticsService } from '../analytics/analytics.service';
import { UNAVAILABLE } from '../leads/follow-up';
import { LeadInbox, leadFilter } from '../leads/lead-inbox';
import { toLeadResponse } from '../leads/lead.mapper';
import { AnswerColumns, leadCsvRow, leadsCsvHeader } from '../leads/leads-csv';
import { LEADS, USERS } from '../platform/storage/storage.tokens';
import { FORMER_MEMBER, usersById } from './team.mapper';
import { TeamCardSnapshots } from './team-card-snapshots';
import { TeamCardsService } from './team-cards.service';

/** the team's leads and analytics across the cards in the caller's reach (an admin: all of them) */
@Injectable()
export class TeamInsightsService {
  constructor(
    @Inject(LEADS) private readonly leads: LeadsRepository,
    @Inject(USERS) private readonly users: UsersRepository,
    private readonly cards: TeamCardsService,
    private readonly analytics: AnalyticsService,
    private readonly snapshots: TeamCardSnapshots,
    private readonly inbox: LeadInbox,
    private readonly overviews: AnalyticsOverviewService,
  ) {}

  /**
   * one inbox: every lead of the cards in reach (an admin's: the team's; a member's: their own),
   * filtered by member and card and as a card's leads are, newest first or follow-up first
   */
  async leadsPage(teamId: string, userId: string, query: TeamLeadsQueryDto): Promise<Page<TeamLeadResponse>> {
    const cards = await this.filtered(teamId, userId, query);
    const ids = cards.map((card) => card.id);
    return this.inbox.page(leadFilter(ids, query), query, await this.describer(cards));
  }

  /**
   * the same leads as CSV, each row naming its card and holder first, then a column per question
   * answered. read twice, a page at a time: first for the questions' columns, then for the rows, so
   * the whole export is never held
   */
  async *leadsCsv(teamId: string, userId: string, query: TeamLeadsQueryDto): AsyncGenerator<string> {
    const cards = await this.filtered(teamId, userId, query);
    const describe = await this.describer(cards);
    const ids = cards.map((card) => card.id);
    const filter = leadFilter(ids, query);
    const columns = new AnswerColumns();
    for await (const lead of this.inbox.all(filter)) columns.add(lead);
    yield leadsCsvHeader(['Card', 'Holder'], columns.labels);
    for await (const lead of this.inbox.all(filter)) {
      // the row's card and holder only: a csv has no follow-up column
      const described = describe(lead, UNAVAILABLE);
      yield leadCsvRow(lead, [described.cardHandle, described.holderName], columns.labels);
    }
  }

  /** one action on many leads of the cards in the caller's reach, each id answered */
  async bulkLeads(teamId: string, userId: string, input: BulkLeadsDto): Promise<BulkLeadsResponse> {
    const cards = await this.cards.inReach(teamId, userId, { memberId: null });
    return this.inbox.bulk(input, new Map(cards.map((card) => [card.id, card])));
  }

  /** the tags in use on the leads of the cards in the caller's reach */
  async leadTags(teamId: string, userId: string): Promise<string[]> {
    const cards = await this.cards.inReach(teamId, userId, { memberId: null });
    return this.leads.tagsOf(cards.map((card) => card.id));
  }

  /** the team's figures: the widgets of a card's summary over every published card in reach, a row a card */
  async summary(
    teamId: string,
    userId: string,
    query: TeamAnalyticsQueryDto,
  ): Promise<TeamAnalyticsResponse> {
    const holder = await this.cards.holderInReach(teamId, userId, query);
    const cards = (await this.snapshots.of(teamId)).filter(
      (card) => card.published && (holder === null || card.ownerId === holder),
    );
    const holders = await usersById(
      this.users,
      cards.map((card) => card.ownerId),
    );
    const figures = await this.analytics.teamSummary(cards, query);
    const byCard = new Map(figures.cards.map((row) => [row.profileId, row]));
    return {
      summary: figures.summary,
      cards: cards.map((card) => {
        const row = byCard.get(card.id) ?? { visits: 0, uniqueVisitors: 0, saves: 0, messages: 0 };
        return {
          profileId: card.id,
          handle: card.handle,
          displayName: card.displayName,
          holderId: card.ownerId,
          holderName: holders.get(card.ownerId)?.displayName ?? FORMER_MEMBER,
          visits: row.visits,
          uniqueVisitors: row.uniqueVisitors,
          saves: row.saves,
          messages: row.messages,
          conversion: row.visits > 0 ? (row.saves + row.messages) / row.visits : null,
        };
      }),
    };
  }

  /**
   * every card the team's analytics cover at once (as the summary: the published cards in reach), a
   * line a card with its holder, and each card's visits per bucket of the zone
   */
  async overview(
    teamId: string,
    userId: string,
    query: AnalyticsOverviewQueryDto,
  ): Promise<AnalyticsOverviewResponse> {
    const holder = await this.cards.holderInReach(teamId, userId, { memberId: null });
    const cards = (await this.snapshots.of(teamId)).filter(
      (card) => card.published && (holder === null || card.ownerId === holder),
    );
    const holders = await usersById(
      this.users,
      cards.map((card) => card.ownerId),
    );
    return this.overviews.overview(
      cards.map((card) => ({
        card,
        holderName: holders.get(card.ownerId)?.displayName ?? FORMER_MEMBER,
      })),
      query,
    );
  }

  private async filtered(
    teamId: string,
    userId: string,
    query: Pick<TeamLeadsQueryDto, 'memberId' | 'profileId'>,
  ): Promise<ProfileRecord[]> {
    const cards = await this.cards.inReach(teamId, userId, query);
    return query.profileId ? cards.filter((card) => card.id === query.profileId) : cards;
  }

  private async describer(
    cards: ProfileRecord[],
  ): Promise<(lead: LeadRecord, followUp: LeadFollowUpResponse) => TeamLeadResponse> {
    const byId = new Map(cards.map((card) => [card.id, card]));
    const holders = await usersById(
      this.users,
      cards.map((card) => card.ownerId),
    );
    return (lead, followUp) => {
      const card = byId.get(lead.profileId);
      const holderId = card?.ownerId ?? '';
      return {
        ...toLeadResponse(lead, followUp),
        cardHandle: card?.handle ?? '',
        cardDisplayName: card?.displayName ?? '',
        holderId,
        holderName: holders.get(holderId)?.displayName ?? FORMER_MEMBER,
      };
    };
  }
}
