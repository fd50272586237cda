import { Body, Controller, Get, HttpCode, Post, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiCookieAuth, ApiTags } from '@nestjs/swagger';
import {
  LoginDto,
  LoginSecondFactorDto,
  ReauthenticateDto,
  RegisterDto,
  type ReauthenticatedResponse,
  type SecondFactorChallengeResponse,
  type SessionResponse,
  type UserResponse,
} from '@cardcraft/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { requestMeta } from '../platform/common/request-meta';
import { RateLimit } from '../platform/throttling/rate-limit.guard';
import { RateLimiter } from '../platform/throttling/rate-limiter';
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
    private readonly limiter: RateLimiter,
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
  ): Promise<SessionResponse | SecondFactorChallengeResponse> {
    const answer = await this.auth.login(body, await this.origin(request, reply));
    if ('accessToken' in answer) this.cookie.set(reply, answer.accessToken);
    return answer;
  }

  /** the second step of a sign-in with two-step verification; its tries count per address and account */
  @Post('login/second-factor')
  @OptionalAuth()
  @SignInRoute()
  @HttpCode(200)
  async loginSecondFactor(
    @Body() body: LoginSecondFactorDto,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<SessionResponse> {
    await this.limiter.spend(['secondFactor'], {
      ip: request.ip,
      userId: this.auth.challengedAccount(body.challengeToken),
    });
    const session = await this.auth.loginSecondFactor(body, await this.origin(request, reply));
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

  /**
   * the password (or a code of the authenticator app) again, before what asks for a recent proof (a
   * new API key, say); throttled like sign-in and like the codes of a sign-in
   */
  @Post('reauthenticate')
  @HttpCode(200)
  @RateLimit('signIn', 'secondFactor')
  @ApiBearerAuth()
  @ApiCookieAuth(SESSION_COOKIE)
  reauthenticate(
    @CurrentUserId() userId: string,
    @CurrentSessionId() sessionId: string | null,
    @Body() body: ReauthenticateDto,
  ): Promise<ReauthenticatedResponse> {
    return this.auth.reauthenticate(userId, sessionId ?? '', body);
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
