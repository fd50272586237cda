import { Controller, Get, Header, Param, Query, Req } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ViewContextQueryDto, type PublicProfileResponse } from '@cardcraft/contracts';
import type { FastifyRequest } from 'fastify';
import { CurrentUserId, OptionalAuth } from '../auth/auth.guard';
import { requestMeta } from '../common/request-meta';
import { toPublicProfileResponse } from '../profiles/profile.mapper';
import { AnalyticsTracker } from '../analytics/analytics-tracker';
import { PublicProfilesService } from './public-profiles.service';

@ApiTags('public')
@Controller('public/profiles')
export class PublicProfilesController {
  constructor(
    private readonly publicProfiles: PublicProfilesService,
    private readonly tracker: AnalyticsTracker,
  ) {}

  /**
   * the card as JSON for API clients, which pass the page's referrer, UTM parameters and channel as
   * query parameters; a client that renders the card makes this read, so it counts as a view
   */
  @Get(':handle')
  @OptionalAuth()
  @Header('cache-control', 'private, no-store')
  async read(
    @Param('handle') handle: string,
    @Query() context: ViewContextQueryDto,
    @CurrentUserId() viewerUserId: string | null,
    @Req() request: FastifyRequest,
  ): Promise<PublicProfileResponse> {
    const profile = await this.publicProfiles.read(handle, viewerUserId);
    this.tracker.recordView(profile, viewerUserId, requestMeta(request), context);
    return toPublicProfileResponse(profile, viewerUserId);
  }
}
