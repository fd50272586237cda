import { Controller, Get, HttpCode, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { HealthResponse } from '@cardcraft/contracts';
import type { FastifyReply } from 'fastify';
import { OptionalAuth } from '../auth/auth.guard';
import { HealthRegistry } from '../platform/common/health-registry';

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

  /**
   * every configured store answers and the analytics pipeline keeps up (its backlog is being stored,
   * the queue takes batches, DATA_DIR has room); 503 with the reasons otherwise, and 503 'draining'
   * from a stop's signal on (its checks no longer matter). never cached
   */
  @Get('ready')
  async ready(@Res({ passthrough: true }) reply: FastifyReply): Promise<HealthResponse> {
    const stopping = this.registry.stopping;
    if (stopping) {
      void reply.status(503).header('cache-control', 'no-store');
      return { status: 'draining', reasons: [stopping] };
    }
    const { checks, reasons, details } = await this.registry.run();
    const ok = reasons.length === 0;
    void reply.status(ok ? 200 : 503).header('cache-control', 'no-store');
    return {
      status: ok ? 'ok' : 'unavailable',
      checks,
      ...(ok ? {} : { reasons }),
      ...(details.analytics
        ? { analytics: details.analytics as unknown as HealthResponse['analytics'] }
        : {}),
    };
  }
}
