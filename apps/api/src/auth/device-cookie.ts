import '@fastify/cookie';
import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { APP_CONFIG, type AppConfig } from '../platform/config/app-config';

export const DEVICE_COOKIE = 'cardcraft_device';

/** 16 random bytes, base64url */
const DEVICE_ID = /^[A-Za-z0-9_-]{22}$/;
/** as long as browsers keep a cookie (RFC 6265bis caps it at 400 days) */
const DEVICE_COOKIE_MAX_AGE_SECONDS = 400 * 86_400;

/**
 * names the browser a sign-in comes from, so a sign-in from one never seen before can be told to
 * the owner: a random id in a cookie scripts cannot read, set at the first sign-in and kept across
 * sign-outs. it identifies nothing but that browser, and is read only when someone signs in.
 */
@Injectable()
export class DeviceCookie {
  private readonly secure: boolean;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.secure = new URL(config.publicBaseUrl).protocol === 'https:';
  }

  /** the browser's device id, given one now when it has none (or a malformed one) */
  ensure(request: FastifyRequest, reply: FastifyReply): string {
    const sent = request.cookies?.[DEVICE_COOKIE];
    if (sent && DEVICE_ID.test(sent)) return sent;
    const id = randomBytes(16).toString('base64url');
    void reply.setCookie(DEVICE_COOKIE, id, {
      httpOnly: true,
      sameSite: 'lax',
      path: '/',
      secure: this.secure,
      maxAge: DEVICE_COOKIE_MAX_AGE_SECONDS,
    });
    return id;
  }
}
