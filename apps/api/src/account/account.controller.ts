import { Body, Controller, Delete, HttpCode, Patch, Post, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiCookieAuth, ApiTags } from '@nestjs/swagger';
import {
  ChangePasswordDto,
  DeleteAccountDto,
  UpdateAccountDto,
  type UserResponse,
} from '@cardcraft/contracts';
import type { FastifyReply } from 'fastify';
import { CurrentSessionId, CurrentUserId } from '../auth/auth.guard';
import { toUserResponse } from '../auth/auth.service';
import { SESSION_COOKIE, SessionCookie } from '../auth/session-cookie';
import { RateLimit } from '../platform/throttling/rate-limit.guard';
import { AccountService } from './account.service';

@ApiTags('account')
@ApiBearerAuth()
@ApiCookieAuth(SESSION_COOKIE)
@Controller('account')
export class AccountController {
  constructor(
    private readonly account: AccountService,
    private readonly cookie: SessionCookie,
  ) {}

  @Patch()
  async update(@CurrentUserId() userId: string, @Body() body: UpdateAccountDto): Promise<UserResponse> {
    return toUserResponse(await this.account.update(userId, body));
  }

  @Post('password')
  @HttpCode(204)
  @RateLimit('passwordChange')
  async changePassword(
    @CurrentUserId() userId: string,
    @CurrentSessionId() sessionId: string,
    @Body() body: ChangePasswordDto,
  ): Promise<void> {
    await this.account.changePassword(userId, sessionId, body);
  }

  @Delete()
  @HttpCode(204)
  @RateLimit('accountDeletion')
  async delete(
    @CurrentUserId() userId: string,
    @Body() body: DeleteAccountDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<void> {
    await this.account.delete(userId, body.password);
    this.cookie.clear(reply);
  }
}
