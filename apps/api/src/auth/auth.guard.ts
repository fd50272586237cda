import { createParamDecorator, ExecutionContext, Inject, Injectable, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard as PassportAuthGuard } from '@nestjs/passport';
import type { FastifyRequest } from 'fastify';
import { ReauthenticationMessages } from '@cardcraft/contracts';
import { ForbiddenError, UnauthorizedError } from '../platform/common/errors';
import { APP_CONFIG, type AppConfig } from '../platform/config/app-config';
import type { RequestPrincipal } from './api-key-authenticator';
import { KeyScopeGate } from './key-scope';
import { CROSS_SITE_REFUSED, isUnsafeMethod, SameSiteOrigins } from './same-site';
import { SESSION_STRATEGY } from './session.strategy';

export const AUTHENTICATION_REQUIRED = 'Authentication required';

const OPTIONAL_AUTH = 'optionalAuth';
/** the route is open to anyone; a live session still identifies the viewer */
export const OptionalAuth = () => SetMetadata(OPTIONAL_AUTH, true);

const RECENT_PROOF = 'recentProof';
/**
 * the route does what matters most (a new API key, say): the session's holder must have proved who
 * they are (their password, at sign-in or since) within REAUTHENTICATION_WINDOW (10 minutes)
 */
export const RecentProof = () => SetMetadata(RECENT_PROOF, true);

const SIGN_IN_ROUTE = 'signInRoute';
/**
 * the route starts a session (sign-in, sign-up): refused when it names a foreign page as its origin,
 * so another site cannot sign a visitor into an account of its choosing
 */
export const SignInRoute = () => SetMetadata(SIGN_IN_ROUTE, true);

/** `user` is passport's; `userId` is kept for code that only needs the account (rate limits) */
type AuthenticatedRequest = FastifyRequest & { user?: RequestPrincipal | null; userId?: string | null };

/**
 * every route needs a live session unless it is marked @OptionalAuth(); on an optional route an
 * invalid or ended session counts as anonymous, never as an error, so a stale session cannot break a
 * public page. the session comes from the bearer header (API clients) or else the session cookie
 * (browsers), read by ViewerResolver through passport; a change made with the cookie must come from
 * our own pages. an API key (a bearer value with the key prefix) goes through KeyScopeGate: it is
 * refused where the route takes no key, and on an open route it counts as anonymous.
 */
@Injectable()
export class SessionGuard extends PassportAuthGuard(SESSION_STRATEGY) {
  private readonly origins: SameSiteOrigins;
  private readonly reauthenticationWindowMs: number;

  constructor(
    private readonly reflector: Reflector,
    private readonly keyScopes: KeyScopeGate,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    super();
    this.origins = new SameSiteOrigins(config);
    this.reauthenticationWindowMs = config.reauthenticationWindowSeconds * 1000;
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    if (this.flag(SIGN_IN_ROUTE, context) && !this.origins.allowsSignIn(request)) {
      throw new ForbiddenError(CROSS_SITE_REFUSED);
    }
    await super.canActivate(context);
    if (request.user?.via === 'api-key') {
      // an open route (a card, a message) treats a key as no one, as the card's page does
      if (this.flag(OPTIONAL_AUTH, context)) request.user = null;
      else await this.keyScopes.check(request.user, context, request);
    }
    const session = request.user ?? null;
    request.userId = session?.userId ?? null;
    if (
      this.flag(RECENT_PROOF, context) &&
      session &&
      session.via !== 'api-key' &&
      Date.now() - session.provedAt.getTime() > this.reauthenticationWindowMs
    ) {
      throw new ForbiddenError(ReauthenticationMessages.required);
    }
    if (
      session?.via === 'cookie' &&
      isUnsafeMethod(request.method) &&
      !this.origins.allowsCookieChange(request)
    ) {
      throw new ForbiddenError(CROSS_SITE_REFUSED);
    }
    return true;
  }

  /** passport's verdict: a storage failure stays an error; no live session is anonymous or a 401 */
  override handleRequest<TUser = RequestPrincipal | null>(
    error: unknown,
    session: RequestPrincipal | false | null,
    _info: unknown,
    context: ExecutionContext,
  ): TUser {
    if (error) throw error;
    if (session) return session as TUser;
    if (this.flag(OPTIONAL_AUTH, context)) return null as TUser;
    throw new UnauthorizedError(AUTHENTICATION_REQUIRED);
  }

  private flag(key: string, context: ExecutionContext): boolean {
    return (
      this.reflector.getAllAndOverride<boolean>(key, [context.getHandler(), context.getClass()]) === true
    );
  }
}

function sessionOf(context: ExecutionContext): RequestPrincipal | null {
  return context.switchToHttp().getRequest<AuthenticatedRequest>().user ?? null;
}

/** the signed-in user's id (string on protected routes, string or null on optional ones) */
export const CurrentUserId = createParamDecorator(
  (_data: unknown, context: ExecutionContext) => sessionOf(context)?.userId ?? null,
);

/**
 * the id of the request's session (string on the routes that take no API key, string or null on
 * optional ones); null for a key, which has no session
 */
export const CurrentSessionId = createParamDecorator((_data: unknown, context: ExecutionContext) => {
  const principal = sessionOf(context);
  return principal && principal.via !== 'api-key' ? principal.sessionId : null;
});

/** the team of the request's team API key; null for a personal key or a session */
export const CurrentKeyTeamId = createParamDecorator((_data: unknown, context: ExecutionContext) => {
  const principal = sessionOf(context);
  return principal?.via === 'api-key' ? principal.teamId : null;
});
