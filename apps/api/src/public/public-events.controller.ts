import { Body, Controller, HttpCode, Param, Post, Req } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { TrackEventDto } from '@cardcraft/contracts';
import type { FastifyRequest } from 'fastify';
import { AnalyticsTracker } from '../analytics/analytics-tracker';
import { CurrentUserId, OptionalAuth } from '../auth/auth.guard';
import { requestMeta } from '../platform/common/request-meta';
import { RateLimit } from '../platform/throttling/rate-limit.guard';
import { PublicProfilesService } from './public-profiles.service';

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
