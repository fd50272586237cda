import { Controller, Get, Param, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { CurrentUserId } from '../auth/auth.guard';
import { ProfilesService } from '../profiles/profiles.service';
import { WalletPassService } from './wallet-pass.service';

@ApiTags('profiles')
@ApiBearerAuth()
@Controller('profiles/:id/wallet-pass')
export class WalletPassController {
  constructor(
    private readonly profiles: ProfilesService,
    private readonly wallet: WalletPassService,
  ) {}

  /** the card as an Apple Wallet pass (.pkpass); 404 when the server has no pass certificate */
  @Get()
  async get(
    @CurrentUserId() userId: string,
    @Param('id') id: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Buffer> {
    const profile = await this.profiles.getManaged(id, userId);
    const body = await this.wallet.pass(profile);
    void reply
      .header('content-type', 'application/vnd.apple.pkpass')
      .header('content-disposition', `attachment; filename="${profile.handle}.pkpass"`)
      .header('cache-control', 'no-store');
    return body;
  }
}
