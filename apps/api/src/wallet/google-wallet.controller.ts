import { Controller, Get, Param, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { GoogleWalletLinkResponse } from '@cardcraft/contracts';
import type { FastifyReply } from 'fastify';
import { CurrentUserId } from '../auth/auth.guard';
import { ProfilesService } from '../profiles/profiles.service';
import { GoogleWalletService } from './google-wallet.service';

@ApiTags('profiles')
@ApiBearerAuth()
@Controller('profiles/:id/google-wallet')
export class GoogleWalletController {
  constructor(
    private readonly profiles: ProfilesService,
    private readonly google: GoogleWalletService,
  ) {}

  /**
   * the card's "Save to Google Wallet" link, signed now and never cached; 404 when the server has no
   * Google Wallet issuer, 409 for a draft
   */
  @Get()
  async get(
    @CurrentUserId() userId: string,
    @Param('id') id: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<GoogleWalletLinkResponse> {
    const profile = await this.profiles.getManaged(id, userId);
    const url = this.google.saveUrl(profile);
    void reply.header('cache-control', 'no-store');
    return { url };
  }
}
