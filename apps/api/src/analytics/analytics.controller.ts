import { Body, Controller, Get, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  AnalyticsRangeQueryDto,
  TrackEventDto,
  VisitsQueryDto,
  type LiveVisitorsResponse,
  type VisitListResponse,
  type VisitSummaryResponse,
} from '@cardcraft/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CurrentUserId, OptionalAuth } from '../auth/auth.guard';
import { requestMeta } from '../common/request-meta';
import { PublicProfilesService } from '../public/public-profiles.service';
import { RateLimit } from '../throttling/rate-limit.guard';
import { AnalyticsService } from './analytics.service';
import { AnalyticsTracker } from './analytics-tracker';

@ApiTags('analytics')
@Controller('profiles/:id/analytics')
export class AnalyticsController {
  constructor(private readonly analytics: AnalyticsService) {}

  @Get('summary')
  summary(
    @Param('id') id: string,
    @Query() query: AnalyticsRangeQueryDto,
    @CurrentUserId() userId: string,
  ): Promise<VisitSummaryResponse> {
    return this.analytics.summary(id, userId, query);
  }

  @Get('visits')
  visits(
    @Param('id') id: string,
    @Query() query: VisitsQueryDto,
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
    @Query() query: AnalyticsRangeQueryDto,
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
    @Query() query: AnalyticsRangeQueryDto,
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

@ApiTags('public')
@Controller('public/profiles')
export class PublicEventsController {
  constructor(
    private readonly publicProfiles: PublicProfilesService,
    private readonly tracker: AnalyticsTracker,
  ) {}

  /** engagement on a public card: vcard_saved, shared, email_clicked, call_clicked, link_clicked */
  @Post(':id/events')
  @OptionalAuth()
  @RateLimit('events')
  @HttpCode(202)
  async track(
    @Param('id') id: string,
    @Body() body: TrackEventDto,
    @CurrentUserId() viewerUserId: string | null,
    @Req() request: FastifyRequest,
  ): Promise<void> {
    const profile = await this.publicProfiles.findPublishedById(id);
    this.tracker.track({
      profile,
      type: body.type,
      viewerUserId,
      request: requestMeta(request),
      target: body.target,
    });
  }
}
