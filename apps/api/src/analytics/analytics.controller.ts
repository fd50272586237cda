import { Body, Controller, Get, HttpCode, Param, Post, Query, Req } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  AnalyticsRangeQueryDto,
  TrackEventDto,
  VisitsQueryDto,
  type VisitListResponse,
  type VisitSummaryResponse,
} from '@cardcraft/contracts';
import type { FastifyRequest } from 'fastify';
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
