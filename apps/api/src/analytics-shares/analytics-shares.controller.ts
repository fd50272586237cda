import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Injectable,
  Param,
  Post,
  Query,
  Req,
  Res,
  UseGuards,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import {
  AnalyticsQueryDto,
  CreateAnalyticsShareDto,
  UnlockAnalyticsShareDto,
  type AnalyticsShareResponse,
  type SharedDashboardResponse,
  type VisitSummaryResponse,
} from '@cardcraft/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CurrentUserId, OptionalAuth } from '../auth/auth.guard';
import { RateLimit } from '../platform/throttling/rate-limit.guard';
import { AnalyticsSharesService } from './analytics-shares.service';
import { ShareUnlockCookie } from './share-unlock-cookie';

// no @KeyScope: links are made, listed and revoked with the owner's session only, so a leaked API key
// can neither make a link nor outlive its revocation through one

/** the owner's links to one card's analytics */
@ApiTags('analytics-shares')
@ApiBearerAuth()
@Controller('profiles/:id/analytics/shares')
export class AnalyticsSharesController {
  constructor(private readonly shares: AnalyticsSharesService) {}

  @Get()
  list(@Param('id') id: string, @CurrentUserId() userId: string): Promise<AnalyticsShareResponse[]> {
    return this.shares.list(id, userId);
  }

  @Post()
  create(
    @Param('id') id: string,
    @CurrentUserId() userId: string,
    @Body() body: CreateAnalyticsShareDto,
  ): Promise<AnalyticsShareResponse> {
    return this.shares.create(id, userId, body);
  }

  @Delete(':shareId')
  @HttpCode(204)
  revoke(
    @Param('id') id: string,
    @Param('shareId') shareId: string,
    @CurrentUserId() userId: string,
  ): Promise<void> {
    return this.shares.revoke(id, userId, shareId);
  }
}

/**
 * lets every request through and marks its answer, errors and 429s included (it runs before the
 * routes' rate limits): a shared dashboard is nobody's to keep in a cache or a search index
 */
@Injectable()
class PrivateAnswers implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    void context
      .switchToHttp()
      .getResponse<FastifyReply>()
      .header('cache-control', 'private, no-store')
      .header('x-robots-tag', 'noindex');
    return true;
  }
}

/** what a link's holder reads: aggregates only, never a visitor's row */
@ApiTags('shared-analytics')
@OptionalAuth()
@UseGuards(PrivateAnswers)
@Controller('shared/analytics/:token')
export class SharedAnalyticsController {
  constructor(
    private readonly shares: AnalyticsSharesService,
    private readonly cookie: ShareUnlockCookie,
  ) {}

  @Get()
  @RateLimit('sharedDashboard')
  async dashboard(
    @Param('token') token: string,
    @Req() request: FastifyRequest,
  ): Promise<SharedDashboardResponse> {
    const opened = await this.shares.open(token);
    return this.shares.dashboard(opened, this.cookie.opens(request, opened.share.id));
  }

  /** the link's password: 204 and a cookie that opens the link in this browser for 12 hours */
  @Post('unlock')
  @HttpCode(204)
  @RateLimit('shareUnlock', 'shareUnlockPerLink')
  async unlock(
    @Param('token') token: string,
    @Body() body: UnlockAnalyticsShareDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<void> {
    const opened = await this.shares.open(token);
    if (await this.shares.unlock(opened, body.password)) this.cookie.set(reply, token, opened.share.id);
  }

  @Get('summary')
  @RateLimit('sharedDashboard')
  async summary(
    @Param('token') token: string,
    @Query() query: AnalyticsQueryDto,
    @Req() request: FastifyRequest,
  ): Promise<VisitSummaryResponse> {
    const opened = await this.shares.open(token);
    return this.shares.summary(opened, this.cookie.opens(request, opened.share.id), query);
  }
}
