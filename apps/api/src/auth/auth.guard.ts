import { CanActivate, createParamDecorator, ExecutionContext, Injectable, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { UnauthorizedError } from '../common/errors';
import { TokenService } from './token.service';

const OPTIONAL_AUTH = 'optionalAuth';
/** the route is open to anyone; a valid bearer still identifies the viewer */
export const OptionalAuth = () => SetMetadata(OPTIONAL_AUTH, true);

type AuthedRequest = FastifyRequest & { userId?: string | null };

function bearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match ? match[1] : '';
}

/**
 * every route needs a valid bearer unless it is marked @OptionalAuth(); on an optional route an
 * invalid bearer counts as anonymous, never as an error, so a stale session cannot break a public page.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly tokens: TokenService,
    private readonly reflector: Reflector,
  ) {}

  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<AuthedRequest>();
    const optional = this.reflector.getAllAndOverride<boolean>(OPTIONAL_AUTH, [
      context.getHandler(),
      context.getClass(),
    ]);
    const token = bearer(request);
    const userId = token ? this.tokens.verify(token) : null;
    request.userId = userId;
    if (!userId && !optional) throw new UnauthorizedError('Authentication required');
    return true;
  }
}

/** the signed-in user's id (string on protected routes, string or null on optional ones) */
export const CurrentUserId = createParamDecorator(
  (_data: unknown, context: ExecutionContext) =>
    context.switchToHttp().getRequest<AuthedRequest>().userId ?? null,
);
