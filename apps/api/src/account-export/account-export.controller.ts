import { Controller, Get, HttpCode, Param, Post, Res, StreamableFile } from '@nestjs/common';
import { ApiBearerAuth, ApiCookieAuth, ApiTags } from '@nestjs/swagger';
import type { AccountExportResponse, AccountExportStateResponse } from '@cardcraft/contracts';
import type { FastifyReply } from 'fastify';
import { CurrentUserId } from '../auth/auth.guard';
import { SESSION_COOKIE } from '../auth/session-cookie';
import { RateLimit } from '../platform/throttling/rate-limit.guard';
import { AccountExportService } from './account-export.service';

/** "Download my data": the account's export, asked for, watched and downloaded by its owner */
@ApiTags('account')
@ApiBearerAuth()
@ApiCookieAuth(SESSION_COOKIE)
@Controller('account/export')
export class AccountExportController {
  constructor(private readonly exports: AccountExportService) {}

  /** starts one in the background; the owner is e-mailed when it is ready */
  @Post()
  @HttpCode(202)
  @RateLimit('accountExport')
  start(@CurrentUserId() userId: string): Promise<AccountExportResponse> {
    return this.exports.start(userId);
  }

  @Get()
  async latest(@CurrentUserId() userId: string): Promise<AccountExportStateResponse> {
    return { export: await this.exports.latest(userId) };
  }

  /**
   * the zip, to the signed-in owner only: the e-mailed link leads to Settings, never here, so a
   * forwarded or leaked mail gives nobody the data
   */
  @Get(':id/download')
  async download(
    @CurrentUserId() userId: string,
    @Param('id') id: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<StreamableFile> {
    const { stream, fileName, size } = await this.exports.download(userId, id);
    void reply.header('cache-control', 'private, no-store');
    return new StreamableFile(stream, {
      type: 'application/zip',
      disposition: `attachment; filename="${fileName}"`,
      length: size,
    });
  }
}
