import { Body, Controller, Get, Param, Post, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CurrentUserId, OptionalAuth } from '../auth/auth.guard';
import { requestMeta } from '../common/request-meta';
import { RateLimit } from '../throttling/rate-limit.guard';
import { sendCardPage, sendNotBuilt } from './card-page-reply';
import { PublicCardPagesService, type PostedMessageForm } from './public-card-pages.service';

/** the nest routes of the card, outside the api prefix (app.ts); the page itself is card-page.route.ts */
export const CARD_PAGE_ROUTES = ['u/:handle/contact.vcf', 'u/:handle/message'];

/**
 * the public card's contact file and its message form posted without script. the page itself
 * (GET /u/{handle}, the hot path) is a plain fastify route: card-page.route.ts.
 */
@ApiExcludeController()
@Controller('u')
export class PublicCardPageController {
  constructor(private readonly cardPages: PublicCardPagesService) {}

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
      sendCardPage(request, reply, this.cardPages.notFound());
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
    sendCardPage(request, reply, page, false);
  }

  /** true when the pages can be served; else the reply says how to build them */
  private ready(reply: FastifyReply): boolean {
    if (this.cardPages.available) return true;
    sendNotBuilt(reply);
    return false;
  }
}
