import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiCookieAuth, ApiTags } from '@nestjs/swagger';
import {
  PasskeyAnswerDto,
  RegisterPasskeyDto,
  RenamePasskeyDto,
  type PasskeyOptionsResponse,
  type PasskeyResponse,
  type SessionResponse,
} from '@cardcraft/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { requestMeta } from '../../platform/common/request-meta';
import { RateLimit } from '../../platform/throttling/rate-limit.guard';
import { AuthService } from '../auth.service';
import { CurrentUserId, OptionalAuth, RecentProof, SignInRoute } from '../auth.guard';
import { DeviceCookie } from '../device-cookie';
import { SESSION_COOKIE, SessionCookie } from '../session-cookie';
import { SignInPlaces } from '../sign-in-places';
import { PasskeysService } from './passkeys.service';

/** the account's passkeys: a session's business, never an API key's; adding one asks a recent proof */
@ApiTags('auth')
@ApiBearerAuth()
@ApiCookieAuth(SESSION_COOKIE)
@Controller('account/passkeys')
export class PasskeysController {
  constructor(private readonly passkeys: PasskeysService) {}

  @Get()
  list(@CurrentUserId() userId: string): Promise<PasskeyResponse[]> {
    return this.passkeys.list(userId);
  }

  @Post('registration-options')
  @RecentProof()
  @HttpCode(200)
  registrationOptions(@CurrentUserId() userId: string): Promise<PasskeyOptionsResponse> {
    return this.passkeys.registrationOptions(userId);
  }

  @Post()
  @RecentProof()
  register(
    @CurrentUserId() userId: string,
    @Body() body: RegisterPasskeyDto,
    @Req() request: FastifyRequest,
  ): Promise<PasskeyResponse> {
    return this.passkeys.register(userId, body, requestMeta(request).userAgent);
  }

  @Patch(':id')
  rename(
    @CurrentUserId() userId: string,
    @Param('id') id: string,
    @Body() body: RenamePasskeyDto,
  ): Promise<PasskeyResponse> {
    return this.passkeys.rename(userId, id, body.name);
  }

  @Delete(':id')
  @HttpCode(204)
  remove(@CurrentUserId() userId: string, @Param('id') id: string): Promise<void> {
    return this.passkeys.remove(userId, id);
  }
}

/** signing in with a passkey, without the password */
@ApiTags('auth')
@Controller('auth/passkey')
export class PasskeySignInController {
  constructor(
    private readonly passkeys: PasskeysService,
    private readonly auth: AuthService,
    private readonly cookie: SessionCookie,
    private readonly device: DeviceCookie,
    private readonly places: SignInPlaces,
  ) {}

  /** options for navigator.credentials.get(); also what proving it is you with a passkey starts from */
  @Post('options')
  @OptionalAuth()
  @HttpCode(200)
  options(): Promise<PasskeyOptionsResponse> {
    return this.passkeys.authenticationOptions();
  }

  @Post()
  @OptionalAuth()
  @SignInRoute()
  @HttpCode(200)
  @RateLimit('signIn')
  async signIn(
    @Body() body: PasskeyAnswerDto,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<SessionResponse> {
    const origin = await this.places.origin(requestMeta(request), this.device.ensure(request, reply));
    const session = await this.auth.loginWithPasskey(body, origin);
    this.cookie.set(reply, session.accessToken);
    return session;
  }
}
