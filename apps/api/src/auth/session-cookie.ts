import '@fastify/cookie';
import { Inject, Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { APP_CONFIG, type AppConfig } from '../platform/config/app-config';

export const SESSION_COOKIE = 'cardcraft_session';

/**
 * the browser's session: the access token in a cookie scripts cannot read (HttpOnly), sent on
 * same-site requests and top-level navigations only (SameSite=Lax), over https only when the site is
 * served over https (Secure).
 */
@Injectable()
export class SessionCookie {
  private readonly secure: boolean;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    this.secure = new URL(config.publicBaseUrl).protocol === 'https:';
  }

  set(reply: FastifyReply, accessToken: string): void {
    void reply.setCookie(SESSION_COOKIE, accessToken, {
      ...this.attributes(),
      maxAge: this.config.sessionTtlSeconds,
    });
  }

  clear(reply: FastifyReply): void {
    void reply.clearCookie(SESSION_COOKIE, this.attributes());
  }

  private attributes() {
    return { httpOnly: true, sameSite: 'lax', path: '/', secure: this.secure } as const;
  }
}

/**
 * the cookie's token, unless the request carries an Authorization header: an API client's header
 * wins over whatever cookie it also holds
 */
export function sessionCookieToken(request: FastifyRequest): string | null {
  if (request.headers.authorization !== undefined) return null;
  return request.cookies?.[SESSION_COOKIE] || null;
}
