import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { FastifyRequest } from 'fastify';
import { Strategy } from 'passport-strategy';
import type { AuthenticatedSession } from './sessions.service';
import { ViewerResolver } from './viewer-resolver';

export const SESSION_STRATEGY = 'session';

type Verified = (error: unknown, session?: AuthenticatedSession | null) => void;

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

/** the session of an api request, cookie or bearer, as the card's pipeline reads it: ViewerResolver */
@Injectable()
export class SessionStrategy extends PassportStrategy(RequestStrategy, SESSION_STRATEGY) {
  constructor(private readonly viewers: ViewerResolver) {
    super();
  }

  validate(request: FastifyRequest): Promise<AuthenticatedSession | null> {
    return this.viewers.resolve(request.headers);
  }
}
