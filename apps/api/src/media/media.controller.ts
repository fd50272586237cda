import { Body, Controller, Get, Param, Post, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiConsumes, ApiExcludeEndpoint, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { MediaUploadResponse } from '@cardcraft/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CurrentUserId, OptionalAuth } from '../auth/auth.guard';
import { KeyScope } from '../auth/key-scope';
import { RateLimit } from '../platform/throttling/rate-limit.guard';
import { MediaService } from './media.service';

/** the addresses of stored images, outside the api prefix (app.ts) */
export const MEDIA_ROUTES = ['media/:key'];

const IMMUTABLE = 'public, max-age=31536000, immutable';

@ApiTags('media')
@Controller()
export class MediaController {
  constructor(private readonly media: MediaService) {}

  /**
   * an avatar (kind avatar, made 512×512) or banner (kind banner, 1500×500) image, sent as the body
   * with its image type; answers the address to put in the card
   */
  @Post('media/:kind')
  @ApiBearerAuth()
  @ApiConsumes('image/jpeg', 'image/png', 'image/webp', 'image/gif', 'application/octet-stream')
  @ApiOkResponse({ description: '{ url, key, contentType, width, height, size }' })
  // the image a card then names: part of managing cards, for a personal key (no team to confine it to)
  @KeyScope('cards:manage')
  @RateLimit('uploads')
  upload(
    @CurrentUserId() userId: string,
    @Param('kind') kind: string,
    @Body() body: unknown,
  ): Promise<MediaUploadResponse> {
    return this.media.upload(userId, kind, body);
  }

  /** a stored image: its address is a hash of its bytes, so it is cached for a year */
  @Get('media/:key')
  @OptionalAuth()
  @ApiExcludeEndpoint()
  async serve(
    @Param('key') key: string,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const media = await this.media.get(key);
    if (!media) {
      void reply
        .status(404)
        .header('content-type', 'application/json; charset=utf-8')
        .header('cache-control', 'no-store')
        .send({ error: 'Not found' });
      return;
    }
    const etag = `"${media.key}"`;
    void reply
      .header('content-type', media.contentType)
      .header('cache-control', IMMUTABLE)
      .header('x-content-type-options', 'nosniff')
      .header('etag', etag)
      .header('content-length', String(media.size));
    if (request.headers['if-none-match'] === etag) {
      void reply.status(304).send();
      return;
    }
    void reply.status(200).send(media.data);
  }
}
