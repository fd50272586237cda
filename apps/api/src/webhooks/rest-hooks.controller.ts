import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import {
  CreateRestHookDto,
  WEBHOOK_EVENTS,
  WebhookMessages,
  type WebhookEndpointWithSecretResponse,
  type WebhookEvent,
} from '@cardcraft/contracts';
import { CurrentKeyTeamId, CurrentUserId } from '../auth/auth.guard';
import { KeyScope } from '../auth/key-scope';
import { BadInputError } from '../platform/common/errors';
import { APP_CONFIG, type AppConfig } from '../platform/config/app-config';
import { RateLimit } from '../platform/throttling/rate-limit.guard';
import { WebhookEndpointsService } from './webhook-endpoints.service';
import { payloadBody, sampleData } from './webhook-payloads';
import { toEndpointWithSecret } from './webhook.mapper';

/**
 * REST hooks, as automation tools (Zapier, Make) subscribe: one event a hook, made and removed by the
 * tool with an API key (leads:read) or a session. a hook is an ordinary endpoint, shown in
 * Integrations as made by an API client: the account's, or the team's when a team key makes it.
 */
@ApiTags('webhooks')
@ApiBearerAuth()
@KeyScope('leads:read', { team: 'key-team' })
@Controller('hooks')
export class RestHooksController {
  constructor(
    private readonly service: WebhookEndpointsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Post()
  @RateLimit('webhookSends')
  async subscribe(
    @CurrentUserId() userId: string,
    @CurrentKeyTeamId() keyTeamId: string | null,
    @Body() body: CreateRestHookDto,
  ): Promise<WebhookEndpointWithSecretResponse> {
    const endpoint = await this.service.create(
      await this.service.scopeFor(userId, keyTeamId),
      userId,
      {
        url: body.url,
        description: null,
        events: [body.event],
        cardIds: body.cardId ? [body.cardId] : null,
        enabled: true,
      },
      'api',
    );
    return toEndpointWithSecret(endpoint);
  }

  @Delete(':id')
  @HttpCode(204)
  async unsubscribe(
    @CurrentUserId() userId: string,
    @CurrentKeyTeamId() keyTeamId: string | null,
    @Param('id') id: string,
  ): Promise<void> {
    await this.service.delete(await this.service.scopeFor(userId, keyTeamId), id);
  }

  /** a list of one example payload of the event, as a tool's "perform list" shows a sample */
  @Get('samples/:event')
  sample(@Param('event') event: string): object[] {
    if (!(WEBHOOK_EVENTS as readonly string[]).includes(event)) {
      throw new BadInputError(WebhookMessages.event, [{ field: 'event', message: WebhookMessages.event }]);
    }
    const type = event as WebhookEvent;
    const body = payloadBody(
      type,
      sampleData(type, this.config.publicBaseUrl),
      new Date('2026-05-01T09:30:00.000Z'),
    );
    return [JSON.parse(body) as object];
  }
}
