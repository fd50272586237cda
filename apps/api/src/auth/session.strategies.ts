import { createSecretKey, type KeyObject } from 'node:crypto';
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

const keys = new Map<string, KeyObject>();

/**
 * the tokens' HMAC key, made once per secret. handed the secret as a string, jsonwebtoken first tries
 * to read it as a PEM public key and, when that throws, makes a secret key: on every verification,
 * about 0.8 ms of each signed-in request in a profile of the dashboard's reads.
 */
export function sessionKey(secret: string): KeyObject {
  let key = keys.get(secret);
  if (!key) {
    key = createSecretKey(Buffer.from(secret, 'utf8'));
    keys.set(secret, key);
  }
  return key;
}

/** passport-jwt checks the signature (HS256 only) and the expiry; validate() then checks the session */
function tokenOptions(
  config: AppConfig,
  jwtFromRequest: JwtFromRequestFunction,
): StrategyOptionsWithoutRequest {
  const key = sessionKey(config.jwtSecret);
  return {
    jwtFromRequest,
    // jsonwebtoken verifies with a KeyObject; passport-jwt's types only name strings and buffers
    secretOrKeyProvider: (_request, _token, done) => done(null, key as unknown as Buffer),
    algorithms: ['HS256'],
    ignoreExpiration: false,
  };
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
