import { VIEW_CONTEXT_LIMITS, type ViewContextQueryDto } from '@cardcraft/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ContentEncoding, RenderedPage } from './public-card-pages.service';

export const CARD_PAGES_NOT_BUILT =
  'The public card pages are not built: run `npm run build:web` (apps/web/dist-ssr) and restart.';

/** the answer of every card route when the web app's server build is missing */
export function sendNotBuilt(reply: FastifyReply): void {
  void reply.status(503).header('content-type', 'text/plain; charset=utf-8').send(CARD_PAGES_NOT_BUILT);
}

/**
 * where the visit came from, as the link said: utm parameters and the channel (qr, link). a page
 * address may carry anything (a chat app adds its own parameters), so nothing here refuses the page.
 */
const CONTEXT_ENTRIES = Object.entries(VIEW_CONTEXT_LIMITS) as [keyof ViewContextQueryDto, number][];

export function viewContext(query: Record<string, unknown>): ViewContextQueryDto {
  const context: ViewContextQueryDto = {};
  for (const [name, limit] of CONTEXT_ENTRIES) {
    const value = query[name];
    if (value === undefined) continue;
    const first = (Array.isArray(value) ? (value[0] as unknown) : value) as unknown;
    if (typeof first === 'string' && first.trim()) context[name] = first.trim().slice(0, limit);
  }
  return context;
}

// browsers send a handful of accept-encoding strings: the choice is kept per string, a few at most
const ENCODING_CHOICES = new Map<string, ContentEncoding>();
const ENCODING_CHOICES_MAX = 64;

/** brotli, else gzip, else none, as the browser accepts (an explicit q=0 refuses) */
export function preferredEncoding(acceptEncoding: string | undefined): ContentEncoding {
  if (acceptEncoding === undefined) return 'identity';
  let choice = ENCODING_CHOICES.get(acceptEncoding);
  if (choice === undefined) {
    choice = chooseEncoding(acceptEncoding);
    // past the limit the set is not growing: an odd header is answered, just not kept
    if (ENCODING_CHOICES.size < ENCODING_CHOICES_MAX) ENCODING_CHOICES.set(acceptEncoding, choice);
  }
  return choice;
}

function chooseEncoding(acceptEncoding: string): ContentEncoding {
  const accepted = new Set<string>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const refused = params.some((param) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(param));
    if (name && !refused) accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return 'identity';
}

/** true when the browser's copy (If-None-Match) is this one: the answer is then 304 */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === etag || tag === '*');
}

/** a card page: html, revalidated with its ETag (304), compressed as the browser accepts */
export function sendCardPage(
  request: FastifyRequest,
  reply: FastifyReply,
  page: RenderedPage,
  revalidate = true,
): void {
  // the page depends on who is looking (the session cookie) and is compressed once per page
  void reply
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'private, no-cache')
    .header('vary', 'Cookie, Accept-Encoding');
  if (revalidate) {
    void reply.header('etag', page.etag);
    if (page.status === 200 && etagMatches(request.headers['if-none-match'], page.etag)) {
      void reply.status(304).send();
      return;
    }
  }
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  if (encoding !== 'identity') void reply.header('content-encoding', encoding);
  void reply.status(page.status).send(page.body(encoding));
}
