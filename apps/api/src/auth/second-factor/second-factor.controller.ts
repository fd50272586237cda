import { Body, Controller, Delete, Get, HttpCode, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiCookieAuth, ApiTags } from '@nestjs/swagger';
import {
  SecondFactorCodeDto,
  type RecoveryCodesResponse,
  type SecondFactorSetupResponse,
  type SecondFactorStatusResponse,
} from '@cardcraft/contracts';
import { RateLimit } from '../../platform/throttling/rate-limit.guard';
import { CurrentUserId, RecentProof } from '../auth.guard';
import { SESSION_COOKIE } from '../session-cookie';
import { SecondFactorService } from './second-factor.service';

/** the account's two-step verification: a session's business, never an API key's */
@ApiTags('auth')
@ApiBearerAuth()
@ApiCookieAuth(SESSION_COOKIE)
@Controller('account/second-factor')
export class SecondFactorController {
  constructor(private readonly factors: SecondFactorService) {}

  @Get()
  status(@CurrentUserId() userId: string): Promise<SecondFactorStatusResponse> {
    return this.factors.status(userId);
  }

  /** a new secret and its QR code, waiting for a first code; a setup begun before is replaced */
  @Post('setup')
  @RecentProof()
  @HttpCode(200)
  setup(@CurrentUserId() userId: string): Promise<SecondFactorSetupResponse> {
    return this.factors.beginSetup(userId);
  }

  /** the first code turns it on, and the recovery codes are answered this once */
  @Post('enable')
  @HttpCode(200)
  @RateLimit('secondFactor')
  enable(@CurrentUserId() userId: string, @Body() body: SecondFactorCodeDto): Promise<RecoveryCodesResponse> {
    return this.factors.enable(userId, body.code);
  }

  @Post('recovery-codes')
  @RecentProof()
  @HttpCode(200)
  recoveryCodes(@CurrentUserId() userId: string): Promise<RecoveryCodesResponse> {
    return this.factors.newRecoveryCodes(userId);
  }

  @Delete()
  @RecentProof()
  @HttpCode(204)
  disable(@CurrentUserId() userId: string): Promise<void> {
    return this.factors.disable(userId);
  }
}
