import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { mayViewCard } from '@cardcraft/contracts';
import type { FastifyReply } from 'fastify';
import { CurrentUserId, OptionalAuth } from '../auth/auth.guard';
import { PublicProfilesService } from '../public/public-profiles.service';
import { CardPreviewService } from './card-preview.service';

/** the preview image's address, outside the api prefix (app.ts) next to the card's page */
export const CARD_PREVIEW_ROUTES = ['u/:handle/preview.png'];

/**
 * GET /u/{handle}/preview.png?v={version}: the image link previews show (og:image). the version in the
 * address is the card's current one, so that address is cached for a year; any other is answered
 * with the current image and cached briefly.
 */
@ApiExcludeController()
@Controller('u')
export class CardPreviewController {
  constructor(
    private readonly profiles: PublicProfilesService,
    private readonly previews: CardPreviewService,
  ) {}

  @Get(':handle/preview.png')
  @OptionalAuth()
  async preview(
    @Param('handle') handle: string,
    @Query('v') version: unknown,
    @CurrentUserId() viewerUserId: string | null,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const card = await this.profiles.findByHandle(handle);
    if (!card || !mayViewCard(card, viewerUserId)) {
      void reply
        .status(404)
        .header('content-type', 'application/json; charset=utf-8')
        .header('cache-control', 'no-store')
        .send({ error: 'Not found' });
      return;
    }
    const png = await this.previews.png(card);
    const current = version === this.previews.version(card);
    void reply
      .status(200)
      .header('content-type', 'image/png')
      .header('x-content-type-options', 'nosniff')
      .header(
        'cache-control',
        // a draft is its owner's alone
        !card.published
          ? 'private, no-store'
          : current
            ? 'public, max-age=31536000, immutable'
            : 'public, max-age=300',
      )
      .send(png);
  }
}
