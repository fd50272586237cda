import { Controller, Get, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { AnalyticsOverviewQueryDto, type AnalyticsOverviewResponse } from '@cardcraft/contracts';
import { CurrentUserId } from '../auth/auth.guard';
import { KeyScope } from '../auth/key-scope';
import { AnalyticsOverviewService } from './analytics-overview.service';

@ApiTags('analytics')
@Controller('analytics')
export class AnalyticsOverviewController {
  constructor(private readonly overview: AnalyticsOverviewService) {}

  /** every card of the signed-in owner at once, drafts with zeros */
  @Get('overview')
  @KeyScope('analytics:read')
  account(
    @CurrentUserId() userId: string,
    @Query() query: AnalyticsOverviewQueryDto,
  ): Promise<AnalyticsOverviewResponse> {
    return this.overview.account(userId, query);
  }
}
