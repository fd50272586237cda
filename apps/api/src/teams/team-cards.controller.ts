import { Body, Controller, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import {
  AnalyticsOverviewQueryDto,
  type AnalyticsOverviewResponse,
  AssignCardDto,
  BulkLeadsDto,
  CreateTeamCardDto,
  TeamAnalyticsQueryDto,
  TeamCardsQueryDto,
  TeamLeadsQueryDto,
  type BulkLeadsResponse,
  type Page,
  type TeamAnalyticsResponse,
  type TeamCardResponse,
  type TeamLeadResponse,
} from '@cardcraft/contracts';
import type { ProfileRecord, UsersRepository } from '@cardcraft/storage';
import type { FastifyReply } from 'fastify';
import { Inject } from '@nestjs/common';
import { CurrentUserId } from '../auth/auth.guard';
import { KeyScope } from '../auth/key-scope';
import { USERS } from '../platform/storage/storage.tokens';
import { RateLimit } from '../platform/throttling/rate-limit.guard';
import { TeamCardsService } from './team-cards.service';
import { TeamInsightsService } from './team-insights.service';
import { toTeamCardResponse, usersById } from './team.mapper';

/** the team's cards, and its leads and analytics across them */
@ApiTags('teams')
@ApiBearerAuth()
@Controller('teams/:teamId')
export class TeamCardsController {
  constructor(
    private readonly cards: TeamCardsService,
    private readonly insights: TeamInsightsService,
    @Inject(USERS) private readonly users: UsersRepository,
  ) {}

  /** an admin sees every card, a member their own */
  @Get('cards')
  @KeyScope('cards:manage', { team: 'team-param' })
  async list(
    @CurrentUserId() userId: string,
    @Param('teamId') teamId: string,
    @Query() query: TeamCardsQueryDto,
  ): Promise<TeamCardResponse[]> {
    return this.answer(await this.cards.inReach(teamId, userId, query));
  }

  @Post('cards')
  @KeyScope('cards:manage', { team: 'team-param' })
  @RateLimit('cardCreation')
  async create(
    @CurrentUserId() userId: string,
    @Param('teamId') teamId: string,
    @Body() body: CreateTeamCardDto,
  ): Promise<TeamCardResponse> {
    return (await this.answer([await this.cards.create(teamId, userId, body)]))[0];
  }

  @Post('cards/:profileId/assign')
  @KeyScope('cards:manage', { team: 'team-param' })
  @HttpCode(200)
  async assign(
    @CurrentUserId() userId: string,
    @Param('teamId') teamId: string,
    @Param('profileId') profileId: string,
    @Body() body: AssignCardDto,
  ): Promise<TeamCardResponse> {
    return (await this.answer([await this.cards.assign(teamId, userId, profileId, body.holderId)]))[0];
  }

  @Get('leads')
  @KeyScope('leads:read', { team: 'team-param' })
  leads(
    @CurrentUserId() userId: string,
    @Param('teamId') teamId: string,
    @Query() query: TeamLeadsQueryDto,
  ): Promise<Page<TeamLeadResponse>> {
    return this.insights.leadsPage(teamId, userId, query);
  }

  @Get('leads/export')
  @KeyScope('leads:read', { team: 'team-param' })
  async leadsCsv(
    @CurrentUserId() userId: string,
    @Param('teamId') teamId: string,
    @Query() query: TeamLeadsQueryDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    let csv = '';
    for await (const part of this.insights.leadsCsv(teamId, userId, query)) csv += part;
    void reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="team-leads-${teamId}.csv"`);
    return csv;
  }

  /** the tags in use on the leads in the caller's reach */
  @Get('leads/tags')
  @KeyScope('leads:read', { team: 'team-param' })
  leadTags(@CurrentUserId() userId: string, @Param('teamId') teamId: string): Promise<string[]> {
    return this.insights.leadTags(teamId, userId);
  }

  /** one action on up to 500 leads in the caller's reach (an admin's: the team's), each id answered */
  @Post('leads/bulk')
  @RateLimit('leadChanges')
  @HttpCode(200)
  bulkLeads(
    @CurrentUserId() userId: string,
    @Param('teamId') teamId: string,
    @Body() body: BulkLeadsDto,
  ): Promise<BulkLeadsResponse> {
    return this.insights.bulkLeads(teamId, userId, body);
  }

  @Get('analytics/summary')
  @KeyScope('analytics:read', { team: 'team-param' })
  analytics(
    @CurrentUserId() userId: string,
    @Param('teamId') teamId: string,
    @Query() query: TeamAnalyticsQueryDto,
  ): Promise<TeamAnalyticsResponse> {
    return this.insights.summary(teamId, userId, query);
  }

  @Get('analytics/overview')
  @KeyScope('analytics:read', { team: 'team-param' })
  analyticsOverview(
    @CurrentUserId() userId: string,
    @Param('teamId') teamId: string,
    @Query() query: AnalyticsOverviewQueryDto,
  ): Promise<AnalyticsOverviewResponse> {
    return this.insights.overview(teamId, userId, query);
  }

  private async answer(cards: ProfileRecord[]): Promise<TeamCardResponse[]> {
    const holders = await usersById(
      this.users,
      cards.map((card) => card.ownerId),
    );
    return cards.map((card) => toTeamCardResponse(card, holders.get(card.ownerId)));
  }
}
