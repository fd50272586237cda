import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { JwtService } from '@nestjs/jwt';
import type { FastifyRequest } from 'fastify';
import { sessionCookieToken } from '../auth/session-cookie';
import { SessionsService, type SessionCarrier } from '../auth/sessions.service';
import { requestMeta } from '../common/request-meta';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { securityHeaderSet } from '../security/security-headers';
import { sendCardPage, sendNotBuilt, viewContext } from './card-page-reply';
import { PublicCardPagesService } from './public-card-pages.service';

/** the request's token and how it came: an Authorization header wins over the cookie, as in the guard */
function tokenOf(request: FastifyRequest): { token: string; via: SessionCarrier } | null {
  const header = request.headers.authorization;
  if (header !== undefined) {
    const bearer = /^bearer\s+(\S+)\s*$/i.exec(header);
    return bearer ? { token: bearer[1], via: 'bearer' } : null;
  }
  const cookie = sessionCookieToken(request);
  return cookie ? { token: cookie, via: 'cookie' } : null;
}

/**
 * GET /u/{handle}, the product's hottest page, as a plain fastify route: no guard chain, no pipes.
 * the viewer is read as the session guard reads it on an open route (a bad or ended session is a
 * guest; a guest without a session costs nothing), then: the page from the cache, the view into the
 * buffer, the bytes. the security headers are written from a set computed once (the same as helmet's
 * on every other answer); the request id and the rest come from the server's own hooks.
 */
export function registerCardPageRoute(app: NestFastifyApplication): void {
  const pages = app.get(PublicCardPagesService);
  const sessions = app.get(SessionsService);
  const jwt = app.get(JwtService);
  const config = app.get<symbol, AppConfig>(APP_CONFIG);
  const securityHeaders = securityHeaderSet(config);

  const viewerOf = async (request: FastifyRequest): Promise<string | null> => {
    const carried = tokenOf(request);
    if (!carried) return null;
    let claims: unknown;
    try {
      // the module's key, HS256 only
      claims = jwt.verify(carried.token);
    } catch {
      return null;
    }
    return (await sessions.resolve(claims, carried.via))?.userId ?? null;
  };

  app
    .getHttpAdapter()
    .getInstance()
    .get<{ Params: { handle: string }; Querystring: Record<string, unknown> }>(
      '/u/:handle',
      // helmet's per-request work left out: the same headers, computed once, are written here
      { helmet: false },
      async (request, reply) => {
        void reply.headers(securityHeaders);
        if (!pages.available) return sendNotBuilt(reply);
        const viewerUserId = await viewerOf(request);
        const page = await pages.page(
          request.params.handle,
          viewerUserId,
          requestMeta(request),
          viewContext(request.query ?? {}),
        );
        sendCardPage(request, reply, page);
        return reply;
      },
    );
}
