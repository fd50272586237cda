import { Body, Controller, Get, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { ViewContextQueryDto } from '@cardcraft/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CurrentUserId, OptionalAuth } from '../auth/auth.guard';
import { requestMeta } from '../common/request-meta';
import { RateLimit } from '../throttling/rate-limit.guard';
import {
  PublicCardPagesService,
  type ContentEncoding,
  type PostedMessageForm,
  type RenderedPage,
} from './public-card-pages.service';

export const CARD_PAGES_NOT_BUILT =
  'The public card pages are not built: run `npm run build:web` (apps/web/dist-ssr) and restart.';

/** the routes of the card's page, outside the api prefix (app.ts) */
export const CARD_PAGE_ROUTES = ['u/:handle', 'u/:handle/contact.vcf', 'u/:handle/message'];

const CONTEXT_LIMITS: Record<keyof ViewContextQueryDto, number> = {
  ref: 2048,
  utm_source: 500,
  utm_medium: 500,
  utm_campaign: 500,
  src: 100,
};

/**
 * where the visit came from, as the link said: utm parameters and the channel (qr, link). a page
 * address may carry anything (a chat app adds its own parameters), so nothing here refuses the page.
 */
function viewContext(query: Record<string, unknown>): ViewContextQueryDto {
  const context: ViewContextQueryDto = {};
  for (const [name, limit] of Object.entries(CONTEXT_LIMITS) as [keyof ViewContextQueryDto, number][]) {
    const value = query[name];
    const first = (Array.isArray(value) ? (value[0] as unknown) : value) as unknown;
    if (typeof first === 'string' && first.trim()) context[name] = first.trim().slice(0, limit);
  }
  return context;
}

/** brotli, else gzip, else none, as the browser accepts (an explicit q=0 refuses) */
export function preferredEncoding(acceptEncoding: string | undefined): ContentEncoding {
  const accepted = new Set<string>();
  for (const part of (acceptEncoding ?? '').toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const refused = params.some((param) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(param));
    if (name && !refused) accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return 'identity';
}

function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === etag || tag === '*');
}

/**
 * the public card, as a page: GET /u/{handle} (the whole card as HTML, the visit recorded), its
 * contact file and its message form posted without script.
 */
@ApiExcludeController()
@Controller('u')
export class PublicCardPageController {
  constructor(private readonly cardPages: PublicCardPagesService) {}

  @Get(':handle')
  @OptionalAuth()
  async page(
    @Param('handle') handle: string,
    @Query() query: Record<string, unknown>,
    @CurrentUserId() viewerUserId: string | null,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    if (!this.ready(reply)) return;
    const page = await this.cardPages.page(handle, viewerUserId, requestMeta(request), viewContext(query));
    this.send(request, reply, page);
  }

  @Get(':handle/contact.vcf')
  @OptionalAuth()
  async contactFile(
    @Param('handle') handle: string,
    @CurrentUserId() viewerUserId: string | null,
    @Res() reply: FastifyReply,
    @Req() request: FastifyRequest,
  ): Promise<void> {
    if (!this.ready(reply)) return;
    const file = await this.cardPages.contactFile(handle, viewerUserId);
    if (!file) {
      this.send(request, reply, this.cardPages.notFound());
      return;
    }
    void reply
      .status(200)
      .header('content-type', 'text/vcard; charset=utf-8')
      .header('content-disposition', `attachment; filename="${file.fileName}"`)
      .header('cache-control', 'private, no-cache')
      .send(file.body);
  }

  /** the message form without script; a signed-in visitor's post must come from our own page (guard) */
  @Post(':handle/message')
  @OptionalAuth()
  @RateLimit('messages')
  async message(
    @Param('handle') handle: string,
    @Body() form: PostedMessageForm,
    @CurrentUserId() viewerUserId: string | null,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    if (!this.ready(reply)) return;
    const page = await this.cardPages.postMessage(handle, viewerUserId, form ?? {}, requestMeta(request));
    this.send(request, reply, page, false);
  }

  /** true when the pages can be served; else the reply says how to build them */
  private ready(reply: FastifyReply): boolean {
    if (this.cardPages.available) return true;
    void reply.status(503).header('content-type', 'text/plain; charset=utf-8').send(CARD_PAGES_NOT_BUILT);
    return false;
  }

  private send(request: FastifyRequest, reply: FastifyReply, page: RenderedPage, revalidate = true): void {
    // the page depends on who is looking (the session cookie) and is compressed here, once per page
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
}
