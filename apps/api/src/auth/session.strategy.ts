import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { FastifyRequest } from 'fastify';
import { Strategy } from 'passport-strategy';
import type { RequestPrincipal } from './api-key-authenticator';
import { ViewerResolver } from './viewer-resolver';

export const SESSION_STRATEGY = 'session';

type Verified = (error: unknown, principal?: RequestPrincipal | null) => void;

/**
 * passport's strategy over a verify function that reads the whole request: the shape @nestjs/passport's
 * mixin expects (it appends the verify callback that calls validate())
 */
class RequestStrategy extends Strategy {
  constructor(private readonly verify: (request: FastifyRequest, done: Verified) => void) {
    super();
  }

  override authenticate(request: unknown): void {
    this.verify(request as FastifyRequest, (error, session) => {
      if (error) this.error(error instanceof Error ? error : new Error(String(error)));
      else if (session) this.success(session);
      else this.fail(401);
    });
  }
}

/**
 * who makes an api request: a session, cookie or bearer, as the card's pipeline reads it, or an API
 * key (a bearer value with the key prefix): ViewerResolver
 */
@Injectable()
export class SessionStrategy extends PassportStrategy(RequestStrategy, SESSION_STRATEGY) {
  constructor(private readonly viewers: ViewerResolver) {
    super();
  }

  validate(request: FastifyRequest): Promise<RequestPrincipal | null> {
    return this.viewers.principal(request.headers);
  }
}
