import { Controller, Get, HttpCode, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { HealthResponse } from '@cardcraft/contracts';
import type { FastifyReply } from 'fastify';
import { OptionalAuth } from '../auth/auth.guard';
import { HealthRegistry } from '../common/health-registry';

@ApiTags('health')
@OptionalAuth()
@Controller('health')
export class HealthController {
  constructor(private readonly registry: HealthRegistry) {}

  /** the process is alive */
  @Get()
  @HttpCode(200)
  alive(): HealthResponse {
    return { status: 'ok' };
  }

  /** every configured store answers */
  @Get('ready')
  async ready(@Res({ passthrough: true }) reply: FastifyReply): Promise<HealthResponse> {
    const checks = await this.registry.run();
    const ok = Object.values(checks).every((state) => state === 'up');
    void reply.status(ok ? 200 : 503);
    return { status: ok ? 'ok' : 'unavailable', checks };
  }
}
