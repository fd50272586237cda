import { Body, Controller, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { QrDesignDto, QrQueryDto, type QrResponse } from '@cardcraft/contracts';
import type { FastifyReply } from 'fastify';
import { CurrentUserId } from '../auth/auth.guard';
import { ProfilesService } from '../profiles/profiles.service';
import { QrDesignService } from './qr-design.service';
import { QrService } from './qr.service';

@ApiTags('profiles')
@ApiBearerAuth()
@Controller('profiles/:id/qr')
export class QrController {
  constructor(
    private readonly profiles: ProfilesService,
    private readonly qr: QrService,
    private readonly designs: QrDesignService,
  ) {}

  @Get()
  async get(
    @CurrentUserId() userId: string,
    @Param('id') id: string,
    @Query() query: QrQueryDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<QrResponse | Buffer> {
    const profile = await this.profiles.getManaged(id, userId);
    const image = await this.qr.render(profile.handle, query.size, query.format);
    if (image.kind === 'png') {
      void reply
        .header('content-type', 'image/png')
        .header('content-disposition', `attachment; filename="qr-${profile.handle}.png"`)
        .header('x-profile-url', image.profileUrl);
      return image.body;
    }
    return { qrCode: image.qrCode, profileUrl: image.profileUrl };
  }

  /**
   * the code people print: colours, a logo in the centre (error correction H), SVG or a PNG of 512,
   * 1024 or 2048 px; a POST because an uploaded logo travels in the body
   */
  @Post()
  @HttpCode(200)
  async design(
    @CurrentUserId() userId: string,
    @Param('id') id: string,
    @Body() body: QrDesignDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Buffer> {
    const profile = await this.profiles.getManaged(id, userId);
    const image = await this.designs.render(profile, body);
    void reply
      .header('content-type', image.contentType)
      .header('content-disposition', `attachment; filename="${image.fileName}"`)
      .header('cache-control', 'no-store')
      .header('x-profile-url', image.profileUrl);
    return image.body;
  }
}
