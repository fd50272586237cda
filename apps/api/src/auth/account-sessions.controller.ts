import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiCookieAuth, ApiTags } from '@nestjs/swagger';
import type {
  AccountSessionsResponse,
  EndedSessionsResponse,
  EndSessionFromMailResponse,
} from '@cardcraft/contracts';
import { RateLimit } from '../platform/throttling/rate-limit.guard';
import { AccountSessionsService } from './account-sessions.service';
import { CurrentSessionId, CurrentUserId, OptionalAuth } from './auth.guard';
import { SESSION_COOKIE } from './session-cookie';

/** the account's own sessions: a session's business, never an API key's */
@ApiTags('auth')
@Controller('auth/sessions')
export class AccountSessionsController {
  constructor(private readonly sessions: AccountSessionsService) {}

  @Get()
  @ApiBearerAuth()
  @ApiCookieAuth(SESSION_COOKIE)
  list(
    @CurrentUserId() userId: string,
    @CurrentSessionId() sessionId: string | null,
  ): Promise<AccountSessionsResponse> {
    return this.sessions.list(userId, sessionId ?? '');
  }

  /** ends every session of the account but this one */
  @Post('end-others')
  @HttpCode(200)
  @ApiBearerAuth()
  @ApiCookieAuth(SESSION_COOKIE)
  async endOthers(
    @CurrentUserId() userId: string,
    @CurrentSessionId() sessionId: string | null,
  ): Promise<EndedSessionsResponse> {
    return { ended: await this.sessions.endOthers(userId, sessionId ?? '') };
  }

  /** a new sign-in mail's link: works signed out, as the one who got the mail may be locked out */
  @Post('end-from-mail')
  @OptionalAuth()
  @HttpCode(200)
  @RateLimit('sessionLinks')
  endFromMail(@Body() body: unknown): Promise<EndSessionFromMailResponse> {
    const token = body && typeof body === 'object' ? (body as { token?: unknown }).token : undefined;
    return this.sessions.endFromMail(token);
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiBearerAuth()
  @ApiCookieAuth(SESSION_COOKIE)
  async end(@CurrentUserId() userId: string, @Param('id') id: string): Promise<void> {
    await this.sessions.end(userId, id);
  }
}
