import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import {
  CreateWebhookDto,
  PageQueryDto,
  UpdateWebhookDto,
  type Page,
  type WebhookDeliveryResponse,
  type WebhookDeliverySummaryResponse,
  type WebhookEndpointResponse,
  type WebhookEndpointWithSecretResponse,
} from '@cardcraft/contracts';
import type { WebhookScope } from '@cardcraft/storage';
import { CurrentUserId } from '../auth/auth.guard';
import { RateLimit } from '../platform/throttling/rate-limit.guard';
import { WebhookEndpointsService } from './webhook-endpoints.service';
import {
  toDeliveryResponse,
  toDeliverySummary,
  toEndpointResponse,
  toEndpointWithSecret,
} from './webhook.mapper';

/** what the personal and the team routes do alike, once the scope is known */
class WebhookRoutes {
  constructor(private readonly service: WebhookEndpointsService) {}

  async list(scope: WebhookScope): Promise<WebhookEndpointResponse[]> {
    return (await this.service.list(scope)).map(({ endpoint, last }) => toEndpointResponse(endpoint, last));
  }

  async create(
    scope: WebhookScope,
    userId: string,
    body: CreateWebhookDto,
  ): Promise<WebhookEndpointWithSecretResponse> {
    return toEndpointWithSecret(await this.service.create(scope, userId, body, 'dashboard'));
  }

  async get(scope: WebhookScope, id: string): Promise<WebhookEndpointResponse> {
    const { endpoint, last } = await this.service.get(scope, id);
    return toEndpointResponse(endpoint, last);
  }

  async update(scope: WebhookScope, id: string, body: UpdateWebhookDto): Promise<WebhookEndpointResponse> {
    const { endpoint, last } = await this.service.update(scope, id, body);
    return toEndpointResponse(endpoint, last);
  }

  async rotate(scope: WebhookScope, id: string): Promise<WebhookEndpointWithSecretResponse> {
    return toEndpointWithSecret(await this.service.rotateSecret(scope, id));
  }

  async test(scope: WebhookScope, id: string): Promise<WebhookDeliverySummaryResponse> {
    return toDeliverySummary(await this.service.sendTest(scope, id));
  }

  async deliveries(
    scope: WebhookScope,
    id: string,
    query: PageQueryDto,
  ): Promise<Page<WebhookDeliverySummaryResponse>> {
    const { items, total } = await this.service.deliveryPage(scope, id, query.page, query.pageSize);
    return { items: items.map(toDeliverySummary), page: query.page, pageSize: query.pageSize, total };
  }

  async delivery(scope: WebhookScope, id: string, deliveryId: string): Promise<WebhookDeliveryResponse> {
    return toDeliveryResponse(await this.service.delivery(scope, id, deliveryId));
  }

  async retry(scope: WebhookScope, id: string, deliveryId: string): Promise<WebhookDeliverySummaryResponse> {
    return toDeliverySummary(await this.service.retry(scope, id, deliveryId));
  }
}

/** the caller's own endpoints: events of their personal cards */
@ApiTags('webhooks')
@ApiBearerAuth()
@Controller('webhooks')
export class WebhooksController {
  private readonly routes: WebhookRoutes;

  constructor(private readonly service: WebhookEndpointsService) {
    this.routes = new WebhookRoutes(service);
  }

  private scope(userId: string): WebhookScope {
    return { kind: 'user', userId };
  }

  @Get()
  list(@CurrentUserId() userId: string): Promise<WebhookEndpointResponse[]> {
    return this.routes.list(this.scope(userId));
  }

  /** the answer holds the signing secret: the only time it is shown */
  @Post()
  @RateLimit('webhookSends')
  create(
    @CurrentUserId() userId: string,
    @Body() body: CreateWebhookDto,
  ): Promise<WebhookEndpointWithSecretResponse> {
    return this.routes.create(this.scope(userId), userId, body);
  }

  @Get(':id')
  get(@CurrentUserId() userId: string, @Param('id') id: string): Promise<WebhookEndpointResponse> {
    return this.routes.get(this.scope(userId), id);
  }

  @Patch(':id')
  update(
    @CurrentUserId() userId: string,
    @Param('id') id: string,
    @Body() body: UpdateWebhookDto,
  ): Promise<WebhookEndpointResponse> {
    return this.routes.update(this.scope(userId), id, body);
  }

  /** with its delivery log */
  @Delete(':id')
  @HttpCode(204)
  async delete(@CurrentUserId() userId: string, @Param('id') id: string): Promise<void> {
    await this.service.delete(this.scope(userId), id);
  }

  @Post(':id/rotate-secret')
  @HttpCode(200)
  @RateLimit('webhookSends')
  rotate(
    @CurrentUserId() userId: string,
    @Param('id') id: string,
  ): Promise<WebhookEndpointWithSecretResponse> {
    return this.routes.rotate(this.scope(userId), id);
  }

  @Post(':id/test')
  @HttpCode(202)
  @RateLimit('webhookSends')
  test(@CurrentUserId() userId: string, @Param('id') id: string): Promise<WebhookDeliverySummaryResponse> {
    return this.routes.test(this.scope(userId), id);
  }

  /** newest first */
  @Get(':id/deliveries')
  deliveries(
    @CurrentUserId() userId: string,
    @Param('id') id: string,
    @Query() query: PageQueryDto,
  ): Promise<Page<WebhookDeliverySummaryResponse>> {
    return this.routes.deliveries(this.scope(userId), id, query);
  }

  /** with the payload as sent and the receiver's last answer */
  @Get(':id/deliveries/:deliveryId')
  delivery(
    @CurrentUserId() userId: string,
    @Param('id') id: string,
    @Param('deliveryId') deliveryId: string,
  ): Promise<WebhookDeliveryResponse> {
    return this.routes.delivery(this.scope(userId), id, deliveryId);
  }

  /** "send again": one more attempt, the same webhook-id */
  @Post(':id/deliveries/:deliveryId/retry')
  @HttpCode(202)
  @RateLimit('webhookSends')
  retry(
    @CurrentUserId() userId: string,
    @Param('id') id: string,
    @Param('deliveryId') deliveryId: string,
  ): Promise<WebhookDeliverySummaryResponse> {
    return this.routes.retry(this.scope(userId), id, deliveryId);
  }
}

/** a team's endpoints: events of every card of the team; its owners' and admins' to manage */
@ApiTags('teams')
@ApiBearerAuth()
@Controller('teams/:teamId/webhooks')
export class TeamWebhooksController {
  private readonly routes: WebhookRoutes;

  constructor(private readonly service: WebhookEndpointsService) {
    this.routes = new WebhookRoutes(service);
  }

  @Get()
  async list(
    @CurrentUserId() userId: string,
    @Param('teamId') teamId: string,
  ): Promise<WebhookEndpointResponse[]> {
    return this.routes.list(await this.service.scopeFor(userId, teamId));
  }

  @Post()
  @RateLimit('webhookSends')
  async create(
    @CurrentUserId() userId: string,
    @Param('teamId') teamId: string,
    @Body() body: CreateWebhookDto,
  ): Promise<WebhookEndpointWithSecretResponse> {
    return this.routes.create(await this.service.scopeFor(userId, teamId), userId, body);
  }

  @Get(':id')
  async get(
    @CurrentUserId() userId: string,
    @Param('teamId') teamId: string,
    @Param('id') id: string,
  ): Promise<WebhookEndpointResponse> {
    return this.routes.get(await this.service.scopeFor(userId, teamId), id);
  }

  @Patch(':id')
  async update(
    @CurrentUserId() userId: string,
    @Param('teamId') teamId: string,
    @Param('id') id: string,
    @Body() body: UpdateWebhookDto,
  ): Promise<WebhookEndpointResponse> {
    return this.routes.update(await this.service.scopeFor(userId, teamId), id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  async delete(
    @CurrentUserId() userId: string,
    @Param('teamId') teamId: string,
    @Param('id') id: string,
  ): Promise<void> {
    await this.service.delete(await this.service.scopeFor(userId, teamId), id);
  }

  @Post(':id/rotate-secret')
  @HttpCode(200)
  @RateLimit('webhookSends')
  async rotate(
    @CurrentUserId() userId: string,
    @Param('teamId') teamId: string,
    @Param('id') id: string,
  ): Promise<WebhookEndpointWithSecretResponse> {
    return this.routes.rotate(await this.service.scopeFor(userId, teamId), id);
  }

  @Post(':id/test')
  @HttpCode(202)
  @RateLimit('webhookSends')
  async test(
    @CurrentUserId() userId: string,
    @Param('teamId') teamId: string,
    @Param('id') id: string,
  ): Promise<WebhookDeliverySummaryResponse> {
    return this.routes.test(await this.service.scopeFor(userId, teamId), id);
  }

  @Get(':id/deliveries')
  async deliveries(
    @CurrentUserId() userId: string,
    @Param('teamId') teamId: string,
    @Param('id') id: string,
    @Query() query: PageQueryDto,
  ): Promise<Page<WebhookDeliverySummaryResponse>> {
    return this.routes.deliveries(await this.service.scopeFor(userId, teamId), id, query);
  }

  @Get(':id/deliveries/:deliveryId')
  async delivery(
    @CurrentUserId() userId: string,
    @Param('teamId') teamId: string,
    @Param('id') id: string,
    @Param('deliveryId') deliveryId: string,
  ): Promise<WebhookDeliveryResponse> {
    return this.routes.delivery(await this.service.scopeFor(userId, teamId), id, deliveryId);
  }

  @Post(':id/deliveries/:deliveryId/retry')
  @HttpCode(202)
  @RateLimit('webhookSends')
  async retry(
    @CurrentUserId() userId: string,
    @Param('teamId') teamId: string,
    @Param('id') id: string,
    @Param('deliveryId') deliveryId: string,
  ): Promise<WebhookDeliverySummaryResponse> {
    return this.routes.retry(await this.service.scopeFor(userId, teamId), id, deliveryId);
  }
}
