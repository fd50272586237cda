import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { FastifyRequest } from 'fastify';
import {
  ExtractJwt,
  Strategy,
  type JwtFromRequestFunction,
  type StrategyOptionsWithoutRequest,
} from 'passport-jwt';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { sessionCookieToken } from './session-cookie';
import { SessionsService, type AuthenticatedSession } from './sessions.service';

export const BEARER_STRATEGY = 'bearer';
export const COOKIE_STRATEGY = 'session-cookie';

/** passport-jwt checks the signature (HS256 only) and the expiry; validate() then checks the session */
function tokenOptions(
  config: AppConfig,
  jwtFromRequest: JwtFromRequestFunction,
): StrategyOptionsWithoutRequest {
  return { jwtFromRequest, secretOrKey: config.jwtSecret, algorithms: ['HS256'], ignoreExpiration: false };
}

/** API clients: `Authorization: Bearer <accessToken>` */
@Injectable()
export class BearerStrategy extends PassportStrategy(Strategy, BEARER_STRATEGY) {
  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly sessions: SessionsService,
  ) {
    super(tokenOptions(config, ExtractJwt.fromAuthHeaderAsBearerToken()));
  }

  validate(claims: unknown): Promise<AuthenticatedSession | null> {
    return this.sessions.resolve(claims, 'bearer');
  }
}

/** browsers: the HttpOnly session cookie set at sign-in */
@Injectable()
export class SessionCookieStrategy extends PassportStrategy(Strategy, COOKIE_STRATEGY) {
  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly sessions: SessionsService,
  ) {
    // passport-jwt types the request as express's; fastify's request is what it is handed here
    super(tokenOptions(config, (request) => sessionCookieToken(request as unknown as FastifyRequest)));
  }

  validate(claims: unknown): Promise<AuthenticatedSession | null> {
    return this.sessions.resolve(claims, 'cookie');
  }
}
