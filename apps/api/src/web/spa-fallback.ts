import type { FastifyReply, FastifyRequest } from 'fastify';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { NotFoundFallback } from '../common/http-exception.filter';

/** what link previews (chat apps, social networks) show for a page; they do not run the SPA */
export interface PageMeta {
  title: string;
  description: string;
  url: string;
  image: string | null;
}

/** the preview of a page path, or null to serve index.html as it is */
export type PageMetaLookup = (path: string) => Promise<PageMeta | null>;

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** index.html with the page's own title, description and Open Graph tags */
export function withPageMeta(indexHtml: string, meta: PageMeta): string {
  const tags = [
    `<meta property="og:type" content="profile" />`,
    `<meta property="og:title" content="${escapeHtml(meta.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(meta.description)}" />`,
    `<meta property="og:url" content="${escapeHtml(meta.url)}" />`,
    ...(meta.image ? [`<meta property="og:image" content="${escapeHtml(meta.image)}" />`] : []),
    `<meta name="twitter:card" content="${meta.image ? 'summary_large_image' : 'summary'}" />`,
    `<link rel="canonical" href="${escapeHtml(meta.url)}" />`,
  ].join('\n    ');
  return indexHtml
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(meta.title)}</title>`)
    .replace(/(<meta\s+name="description"\s+content=")[^"]*(")/, `$1${escapeHtml(meta.description)}$2`)
    .replace('</head>', `    ${tags}\n  </head>`);
}

/**
 * answers index.html for a GET of any path outside /api, so the SPA's own router takes over; a page
 * with a preview of its own (a public card) gets its tags written in.
 */
export function spaFallback(webDistDir: string, lookup?: PageMetaLookup): NotFoundFallback {
  const indexHtml = readFileSync(join(webDistDir, 'index.html'), 'utf8');
  const send = (reply: FastifyReply, html: string) =>
    void reply
      .status(200)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(html);

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
    if (!lookup) {
      send(reply, indexHtml);
      return true;
    }
    lookup(path).then(
      (meta) => send(reply, meta ? withPageMeta(indexHtml, meta) : indexHtml),
      // a preview is a nicety: the page itself must load whatever happened to the lookup
      () => send(reply, indexHtml),
    );
    return true;
  };
}
