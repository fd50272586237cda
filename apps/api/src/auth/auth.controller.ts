import { Body, Controller, Get, HttpCode, Post, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiCookieAuth, ApiTags } from '@nestjs/swagger';
import { LoginDto, RegisterDto, type SessionResponse, type UserResponse } from '@cardcraft/contracts';
import type { FastifyReply } from 'fastify';
import { RateLimit } from '../platform/throttling/rate-limit.guard';
import { AuthService } from './auth.service';
import { CurrentSessionId, CurrentUserId, OptionalAuth, SignInRoute } from './auth.guard';
import { SESSION_COOKIE, SessionCookie } from './session-cookie';

/** sign-in and sign-up answer the token (API clients) and set it as the session cookie (browsers) */
@ApiTags('auth')
@Controller('auth')
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly cookie: SessionCookie,
  ) {}

  @Post('register')
  @OptionalAuth()
  @SignInRoute()
  @RateLimit('signUp')
  async register(
    @Body() body: RegisterDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<SessionResponse> {
    const session = await this.auth.register(body);
    this.cookie.set(reply, session.accessToken);
    return session;
  }

  @Post('login')
  @OptionalAuth()
  @SignInRoute()
  @HttpCode(200)
  @RateLimit('signIn', 'signInPerAccount')
  async login(
    @Body() body: LoginDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<SessionResponse> {
    const session = await this.auth.login(body);
    this.cookie.set(reply, session.accessToken);
    return session;
  }

  /** ends this session, whichever way it came; without one it only clears the cookie */
  @Post('logout')
  @OptionalAuth()
  @HttpCode(204)
  @ApiBearerAuth()
  @ApiCookieAuth(SESSION_COOKIE)
  async logout(
    @CurrentSessionId() sessionId: string | null,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<void> {
    await this.auth.logout(sessionId);
    this.cookie.clear(reply);
  }

  @Get('me')
  @ApiBearerAuth()
  @ApiCookieAuth(SESSION_COOKIE)
  me(@CurrentUserId() userId: string): Promise<UserResponse> {
    return this.auth.me(userId);
  }
}
