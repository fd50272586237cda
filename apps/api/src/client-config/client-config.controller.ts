import { Controller, Get, Inject } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { ClientConfigResponse } from '@cardcraft/contracts';
import { OptionalAuth } from '../auth/auth.guard';
import { APP_CONFIG, type AppConfig } from '../platform/config/app-config';

@ApiTags('health')
@OptionalAuth()
@Controller('client-config')
export class ClientConfigController {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  /** the server's setup as the web app needs it: where cards live, which optional features are on */
  @Get()
  get(): ClientConfigResponse {
    return {
      publicBaseUrl: this.config.publicBaseUrl,
      walletPass: this.config.walletPass !== null,
      googleWallet: this.config.googleWallet !== null,
    };
  }
}
