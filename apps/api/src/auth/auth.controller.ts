import { Body, Controller, Get, HttpCode, Post, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiCookieAuth, ApiTags } from '@nestjs/swagger';
import {
  LoginDto,
  ReauthenticateDto,
  RegisterDto,
  type ReauthenticatedResponse,
  type SessionResponse,
  type UserResponse,
} from '@cardcraft/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { requestMeta } from '../platform/common/request-meta';
import { RateLimit } from '../platform/throttling/rate-limit.guard';
import { AuthService } from './auth.service';
import { CurrentSessionId, CurrentUserId, OptionalAuth, SignInRoute } from './auth.guard';
import { DeviceCookie } from './device-cookie';
import { SESSION_COOKIE, SessionCookie } from './session-cookie';
import type { SignInOrigin } from './sessions.service';
import { SignInPlaces } from './sign-in-places';

/** sign-in and sign-up answer the token (API clients) and set it as the session cookie (browsers) */
@ApiTags('auth')
@Controller('auth')
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly cookie: SessionCookie,
    private readonly device: DeviceCookie,
    private readonly places: SignInPlaces,
  ) {}

  @Post('register')
  @OptionalAuth()
  @SignInRoute()
  @RateLimit('signUp')
  async register(
    @Body() body: RegisterDto,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<SessionResponse> {
    const session = await this.auth.register(body, await this.origin(request, reply));
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
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<SessionResponse> {
    const session = await this.auth.login(body, await this.origin(request, reply));
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

  /** the password again, before what asks for a recent proof (a new API key, say); throttled like sign-in */
  @Post('reauthenticate')
  @HttpCode(200)
  @RateLimit('signIn')
  @ApiBearerAuth()
  @ApiCookieAuth(SESSION_COOKIE)
  reauthenticate(
    @CurrentUserId() userId: string,
    @CurrentSessionId() sessionId: string | null,
    @Body() body: ReauthenticateDto,
  ): Promise<ReauthenticatedResponse> {
    return this.auth.reauthenticate(userId, sessionId ?? '', body.password);
  }

  @Get('me')
  @ApiBearerAuth()
  @ApiCookieAuth(SESSION_COOKIE)
  me(@CurrentUserId() userId: string): Promise<UserResponse> {
    return this.auth.me(userId);
  }

  private origin(request: FastifyRequest, reply: FastifyReply): Promise<SignInOrigin> {
    return this.places.origin(requestMeta(request), this.device.ensure(request, reply));
  }
}
