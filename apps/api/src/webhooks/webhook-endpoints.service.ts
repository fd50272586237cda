import { Inject, Injectable } from '@nestjs/common';
import {
  WebhookMessages,
  type CreateWebhookDto,
  type UpdateWebhookDto,
  type WebhookEvent,
} from '@cardcraft/contracts';
import type {
  PageResult,
  ProfilesRepository,
  WebhookDeliveriesRepository,
  WebhookDeliveryRecord,
  WebhookEndpointRecord,
  WebhookEndpointsRepository,
  WebhookScope,
} from '@cardcraft/storage';
import { BadInputError, ConflictError, NotFoundError } from '../platform/common/errors';
import { APP_CONFIG, type AppConfig } from '../platform/config/app-config';
import { PROFILES, WEBHOOK_DELIVERIES, WEBHOOK_ENDPOINTS } from '../platform/storage/storage.tokens';
import { TeamRoles } from '../teams/team-roles';
import { RefusedAddressError, resolvePublic } from './address-guard';
import { WebhookDispatcher } from './webhook-dispatcher';
import { payloadBody, testData } from './webhook-payloads';
import { newWebhookSecret } from './webhook-signature';

/** how long a rotated secret keeps signing next to the new one */
const ROTATION_WINDOW_MS = 24 * 3_600_000;
/** a save does not wait longer than this on a name's resolution */
const SAVE_LOOKUP_MS = 3_000;

export interface EndpointWithLast {
  endpoint: WebhookEndpointRecord;
  last: WebhookDeliveryRecord | null;
}

/**
 * a person's and a team's webhook endpoints, in one place: the scope says whose. the team's are an
 * owner's or an admin's to see and change (a member is told so, an outsider learns nothing of the team)
 */
@Injectable()
export class WebhookEndpointsService {
  constructor(
    @Inject(WEBHOOK_ENDPOINTS) private readonly endpoints: WebhookEndpointsRepository,
    @Inject(WEBHOOK_DELIVERIES) private readonly deliveries: WebhookDeliveriesRepository,
    @Inject(PROFILES) private readonly profiles: ProfilesRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly roles: TeamRoles,
    private readonly dispatcher: WebhookDispatcher,
  ) {}

  /** the caller's own endpoints, or a team's when the caller is one of its owners or admins */
  async scopeFor(userId: string, teamId: string | null): Promise<WebhookScope> {
    if (teamId === null) return { kind: 'user', userId };
    await this.roles.admin(teamId, userId);
    return { kind: 'team', teamId };
  }

  async list(scope: WebhookScope): Promise<EndpointWithLast[]> {
    const endpoints = await this.endpoints.list(scope);
    const latest = await this.deliveries.latest(endpoints.map((endpoint) => endpoint.id));
    return endpoints.map((endpoint) => ({ endpoint, last: latest.get(endpoint.id) ?? null }));
  }

  async get(scope: WebhookScope, id: string): Promise<EndpointWithLast> {
    const endpoint = await this.find(scope, id);
    const latest = await this.deliveries.latest([endpoint.id]);
    return { endpoint, last: latest.get(endpoint.id) ?? null };
  }

  async create(
    scope: WebhookScope,
    userId: string,
    input: CreateWebhookDto,
    via: 'dashboard' | 'api',
  ): Promise<WebhookEndpointRecord> {
    const max = this.config.webhooks.maxEndpoints;
    if ((await this.endpoints.count(scope)) >= max) throw new ConflictError(WebhookMessages.tooMany(max));
    await this.assertDeliverable(input.url);
    const cardIds = await this.checkedCards(scope, input.cardIds);
    return this.endpoints.create({
      scope,
      url: input.url,
      description: input.description,
      events: unique(input.events),
      cardIds,
      enabled: input.enabled,
      secret: newWebhookSecret(),
      createdBy: userId,
      createdVia: via,
    });
  }

  async update(scope: WebhookScope, id: string, input: UpdateWebhookDto): Promise<EndpointWithLast> {
    await this.find(scope, id);
    if (input.url !== undefined) await this.assertDeliverable(input.url);
    const cardIds = input.cardIds === undefined ? undefined : await this.checkedCards(scope, input.cardIds);
    const updated = await this.endpoints.update(scope, id, {
      url: input.url,
      description: input.description,
      events: input.events && unique(input.events),
      cardIds,
      enabled: input.enabled,
    });
    if (!updated) throw new NotFoundError(WebhookMessages.endpointNotFound);
    return this.get(scope, id);
  }

  async delete(scope: WebhookScope, id: string): Promise<void> {
    if (!(await this.endpoints.delete(scope, id))) throw new NotFoundError(WebhookMessages.endpointNotFound);
  }

  /** a new secret; the old one keeps signing for a day, so receivers can switch without a gap */
  async rotateSecret(scope: WebhookScope, id: string): Promise<WebhookEndpointRecord> {
    await this.find(scope, id);
    const rotated = await this.endpoints.rotateSecret(
      scope,
      id,
      newWebhookSecret(),
      new Date(Date.now() + ROTATION_WINDOW_MS),
    );
    if (!rotated) throw new NotFoundError(WebhookMessages.endpointNotFound);
    return rotated;
  }

  /** a webhook.test delivery, in the log like any other, sent even to an endpoint turned off */
  async sendTest(scope: WebhookScope, id: string): Promise<WebhookDeliveryRecord> {
    const endpoint = await this.find(scope, id);
    const now = new Date();
    const [delivery] = await this.deliveries.createMany([
      {
        endpointId: endpoint.id,
        eventType: 'webhook.test',
        payload: payloadBody('webhook.test', testData(endpoint.id), now),
        forced: true,
        nextAttemptAt: now,
      },
    ]);
    await this.dispatcher.scheduled(now);
    return delivery;
  }

  async deliveryPage(
    scope: WebhookScope,
    id: string,
    page: number,
    pageSize: number,
  ): Promise<PageResult<WebhookDeliveryRecord>> {
    await this.find(scope, id);
    return this.deliveries.list(id, { offset: (page - 1) * pageSize, limit: pageSize });
  }

  async delivery(scope: WebhookScope, id: string, deliveryId: string): Promise<WebhookDeliveryRecord> {
    await this.find(scope, id);
    const delivery = await this.deliveries.find(id, deliveryId);
    if (!delivery) throw new NotFoundError(WebhookMessages.deliveryNotFound);
    return delivery;
  }

  /** "send again": one more attempt of the same delivery, with the same webhook-id, now */
  async retry(scope: WebhookScope, id: string, deliveryId: string): Promise<WebhookDeliveryRecord> {
    await this.find(scope, id);
    const now = new Date();
    const again = await this.deliveries.requeue(id, deliveryId, now);
    if (!again) throw new NotFoundError(WebhookMessages.deliveryNotFound);
    await this.dispatcher.scheduled(now);
    return again;
  }

  private async find(scope: WebhookScope, id: string): Promise<WebhookEndpointRecord> {
    const endpoint = await this.endpoints.find(scope, id);
    if (!endpoint) throw new NotFoundError(WebhookMessages.endpointNotFound);
    return endpoint;
  }

  /**
   * https, and a host that is not and does not resolve to a private or local address, unless the
   * operator allows those (WEBHOOK_ALLOW_PRIVATE). a name that does not resolve now is accepted: it is
   * checked again at every attempt, and its log says why it fails.
   */
  private async assertDeliverable(url: string): Promise<void> {
    const target = new URL(url);
    const { allowPrivate } = this.config.webhooks;
    const refuse = (message: string) => new BadInputError(message, [{ field: 'url', message }]);
    // allowed, any address would do: nothing to look up
    if (allowPrivate) return;
    if (target.protocol !== 'https:') throw refuse(WebhookMessages.httpsOnly);
    let timer: NodeJS.Timeout | undefined;
    const giveUp = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), SAVE_LOOKUP_MS);
    });
    try {
      await Promise.race([resolvePublic(target.hostname, false), giveUp]);
    } catch (error) {
      if (error instanceof RefusedAddressError) throw refuse(WebhookMessages.privateAddress);
    } finally {
      clearTimeout(timer);
    }
  }

  /** the chosen cards must be in the scope: the person's own cards, or the team's */
  private async checkedCards(scope: WebhookScope, cardIds: string[] | null): Promise<string[] | null> {
    if (!cardIds || cardIds.length === 0) return null;
    const ids = unique(cardIds);
    for (const id of ids) {
      const card = await this.profiles.findById(id);
      const inScope =
        card &&
        (scope.kind === 'team'
          ? card.teamId === scope.teamId
          : card.teamId === null && card.ownerId === scope.userId);
      if (!inScope) {
        throw new BadInputError(WebhookMessages.cardNotFound, [
          { field: 'cardIds', message: WebhookMessages.cardNotFound },
        ]);
      }
    }
    return ids;
  }
}

function unique<T extends string | WebhookEvent>(values: readonly T[]): T[] {
  return [...new Set(values)];
}
