import type { FastifyReply, FastifyRequest } from 'fastify';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { NotFoundFallback } from '../common/http-exception.filter';

/**
 * answers index.html for a GET of any path outside /api, so the SPA's own router takes over. the
 * public card (/u/{handle}) is not among them: it is rendered on the server (public/).
 */
export function spaFallback(webDistDir: string): NotFoundFallback {
  const indexHtml = readFileSync(join(webDistDir, 'index.html'), 'utf8');
  const send = (reply: FastifyReply, page: string) =>
    void reply
      .status(200)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(page);

  return (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0];
    if (
      (request.method !== 'GET' && request.method !== 'HEAD') ||
      path === '/api' ||
      path.startsWith('/api/')
    ) {
      return false;
    }
    // a missing hashed asset is a real 404, not a page
    if (path.startsWith('/assets/')) return false;
    send(reply, indexHtml);
    return true;
  };
}
