import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import type { WebhookEvent } from '@cardcraft/contracts';
import type {
  ProfileRecord,
  WebhookDeliveriesRepository,
  WebhookEndpointsRepository,
  WebhookScope,
} from '@cardcraft/storage';
import { APP_CONFIG, type AppConfig } from '../platform/config/app-config';
import { DomainEvents } from '../platform/events/domain-events';
import { WEBHOOK_DELIVERIES, WEBHOOK_ENDPOINTS } from '../platform/storage/storage.tokens';
import { WebhookDispatcher } from './webhook-dispatcher';
import { leadData, payloadBody, webhookCard } from './webhook-payloads';

/**
 * turns what happened in the core into deliveries: for a card's event, a pending delivery for each
 * enabled endpoint of the card's scope (its team's, or its holder's own for a personal card) that
 * listens to the event and to that card, written in one go. the request that caused it only waits
 * for that write; the dispatcher sends them in the background.
 */
@Injectable()
export class WebhookEvents implements OnModuleInit {
  private readonly logger = new Logger('Webhooks');

  constructor(
    @Inject(WEBHOOK_ENDPOINTS) private readonly endpoints: WebhookEndpointsRepository,
    @Inject(WEBHOOK_DELIVERIES) private readonly deliveries: WebhookDeliveriesRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly events: DomainEvents,
    private readonly dispatcher: WebhookDispatcher,
  ) {}

  onModuleInit(): void {
    const base = () => this.config.publicBaseUrl;
    this.events.on('lead.created', ({ lead, profile }) =>
      this.record(profile, 'lead.created', () => leadData(lead, webhookCard(profile, base()))),
    );
    this.events.on('lead.updated', ({ lead, profile, changes }) =>
      this.record(profile, 'lead.updated', () => leadData(lead, webhookCard(profile, base()), changes)),
    );
    this.events.on('contact.saved', ({ profile, at }) =>
      this.record(profile, 'contact.saved', () => ({
        card: webhookCard(profile, base()),
        savedAtUtc: at.toISOString(),
      })),
    );
    this.events.on('card.published', ({ profile }) =>
      this.record(profile, 'card.published', () => ({ card: webhookCard(profile, base()) })),
    );
    // what an account or a team owned goes with it, deliveries and all
    this.events.on('account.deleted', ({ userId }) => this.endpoints.deleteAll({ kind: 'user', userId }));
    this.events.on('team.deleted', ({ teamId }) => this.endpoints.deleteAll({ kind: 'team', teamId }));
  }

  /**
   * never fails the request: the lead or the card is stored whatever happens to its webhooks. the
   * payload is made only when an endpoint listens, as most cards have none
   */
  private async record(profile: ProfileRecord, type: WebhookEvent, data: () => object): Promise<void> {
    try {
      const scope: WebhookScope = profile.teamId
        ? { kind: 'team', teamId: profile.teamId }
        : { kind: 'user', userId: profile.ownerId };
      const listening = (await this.endpoints.list(scope)).filter(
        (endpoint) =>
          endpoint.enabled &&
          endpoint.events.includes(type) &&
          (!endpoint.cardIds || endpoint.cardIds.includes(profile.id)),
      );
      if (listening.length === 0) return;
      const now = new Date();
      const payload = payloadBody(type, data(), now);
      await this.deliveries.createMany(
        listening.map((endpoint) => ({
          endpointId: endpoint.id,
          eventType: type,
          payload,
          forced: false,
          nextAttemptAt: now,
        })),
      );
      await this.dispatcher.scheduled(now);
    } catch (error) {
      this.logger.error(
        `${type} of card ${profile.id} was not queued for its webhooks: ${(error as Error).message}`,
      );
    }
  }
}
