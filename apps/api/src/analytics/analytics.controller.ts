import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  AnalyticsQueryDto,
  AnalyticsVisitsQueryDto,
  type LiveVisitorsResponse,
  type VisitListResponse,
  type VisitSummaryResponse,
} from '@cardcraft/contracts';
import type { FastifyReply } from 'fastify';
import { CurrentUserId } from '../auth/auth.guard';
import { KeyScope } from '../auth/key-scope';
import { AnalyticsService } from './analytics.service';

@ApiTags('analytics')
// every route here reads: a key with analytics:read, a team key for its team's cards
@KeyScope('analytics:read', { team: 'card-param' })
@Controller('profiles/:id/analytics')
export class AnalyticsController {
  constructor(private readonly analytics: AnalyticsService) {}

  @Get('summary')
  summary(
    @Param('id') id: string,
    @Query() query: AnalyticsQueryDto,
    @CurrentUserId() userId: string,
  ): Promise<VisitSummaryResponse> {
    return this.analytics.summary(id, userId, query);
  }

  @Get('visits')
  visits(
    @Param('id') id: string,
    @Query() query: AnalyticsVisitsQueryDto,
    @CurrentUserId() userId: string,
  ): Promise<VisitListResponse> {
    return this.analytics.visits(id, userId, query);
  }

  /** views in the last five minutes; the dashboard polls it while open */
  @Get('live')
  live(@Param('id') id: string, @CurrentUserId() userId: string): Promise<LiveVisitorsResponse> {
    return this.analytics.live(id, userId);
  }

  @Get('visits.csv')
  async visitsCsv(
    @Param('id') id: string,
    @Query() query: AnalyticsQueryDto,
    @CurrentUserId() userId: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    const csv = await this.analytics.visitsCsv(id, userId, query);
    csvAttachment(reply, `visits-${id}.csv`);
    return csv;
  }

  @Get('summary.csv')
  async summaryCsv(
    @Param('id') id: string,
    @Query() query: AnalyticsQueryDto,
    @CurrentUserId() userId: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    const csv = await this.analytics.summaryCsv(id, userId, query);
    csvAttachment(reply, `analytics-summary-${id}.csv`);
    return csv;
  }
}

function csvAttachment(reply: FastifyReply, fileName: string): void {
  // the id is the profile's own (checked as the owner's); strip anything a header would not take
  const safeName = fileName.replace(/[^A-Za-z0-9._-]/g, '_');
  void reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${safeName}"`)
    .header('cache-control', 'private, no-store');
}
