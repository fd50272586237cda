import type { FastifyReply, FastifyRequest } from 'fastify';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { NotFoundFallback } from '../common/http-exception.filter';
import { html, SafeHtml } from './html';

/** what link previews (chat apps, social networks) show for a page; they do not run the SPA */
export interface PageMeta {
  title: string;
  description: string;
  url: string;
  image: string | null;
}

/** the preview of a page path, or null to serve index.html as it is */
export type PageMetaLookup = (path: string) => Promise<PageMeta | null>;

/** the built index.html, split once at start-up around the place a page's own head tags go */
export interface IndexTemplate {
  /** the page as built, for every page without a preview of its own */
  plain: string;
  /** up to </head>, without the build's own title and description */
  head: string;
  /** from </head> on */
  rest: string;
}

// these run over our own build output only, never over user text
const OWN_TITLE = /<title>[\s\S]*?<\/title>\s*/i;
const OWN_DESCRIPTION = /<meta\s[^>]*\bname=["']?description["']?[^>]*>\s*/i;

export function splitIndexHtml(indexHtml: string): IndexTemplate {
  const headEnd = indexHtml.search(/<\/head>/i);
  if (headEnd < 0) throw new Error('index.html has no </head>: is it the built web app?');
  const head = indexHtml.slice(0, headEnd).replace(OWN_TITLE, '').replace(OWN_DESCRIPTION, '');
  return { plain: indexHtml, head: head.trimEnd() + '\n', rest: indexHtml.slice(headEnd) };
}

/** a page's title, description, Open Graph tags and canonical address, every value escaped */
export function pageMetaTags(meta: PageMeta): SafeHtml {
  const tags = [
    html`<title>${meta.title}</title>`,
    html`<meta name="description" content="${meta.description}" />`,
    html`<meta property="og:type" content="profile" />`,
    html`<meta property="og:title" content="${meta.title}" />`,
    html`<meta property="og:description" content="${meta.description}" />`,
    html`<meta property="og:url" content="${meta.url}" />`,
    ...(meta.image ? [html`<meta property="og:image" content="${meta.image}" />`] : []),
    html`<meta name="twitter:card" content="${meta.image ? 'summary_large_image' : 'summary'}" />`,
    html`<link rel="canonical" href="${meta.url}" />`,
  ];
  return new SafeHtml(tags.map((tag) => `    ${tag.markup}\n`).join(''));
}

/** index.html with the page's own title, description and Open Graph tags */
export function withPageMeta(template: IndexTemplate, meta: PageMeta): string {
  return template.head + pageMetaTags(meta).markup + '  ' + template.rest;
}

/**
 * answers index.html for a GET of any path outside /api, so the SPA's own router takes over; a page
 * with a preview of its own (a public card) gets its tags written in.
 */
export function spaFallback(webDistDir: string, lookup?: PageMetaLookup): NotFoundFallback {
  const template = splitIndexHtml(readFileSync(join(webDistDir, 'index.html'), 'utf8'));
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
    if (!lookup) {
      send(reply, template.plain);
      return true;
    }
    lookup(path).then(
      (meta) => send(reply, meta ? withPageMeta(template, meta) : template.plain),
      // a preview is a nicety: the page itself must load whatever happened to the lookup
      () => send(reply, template.plain),
    );
    return true;
  };
}
