import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { QrQueryDto, type QrResponse } from '@cardcraft/contracts';
import type { FastifyReply } from 'fastify';
import { CurrentUserId } from '../auth/auth.guard';
import { ProfilesService } from '../profiles/profiles.service';
import { QrService } from './qr.service';

@ApiTags('profiles')
@ApiBearerAuth()
@Controller('profiles/:id/qr')
export class QrController {
  constructor(
    private readonly profiles: ProfilesService,
    private readonly qr: QrService,
  ) {}

  @Get()
  async get(
    @CurrentUserId() userId: string,
    @Param('id') id: string,
    @Query() query: QrQueryDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<QrResponse | Buffer> {
    const profile = await this.profiles.getOwned(id, userId);
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
}
