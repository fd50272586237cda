import { Logger, Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../platform/config/app-config';
import { EventsModule } from '../platform/events/events.module';
import { MailModule } from '../platform/mail/mail.module';
import { StorageModule } from '../platform/storage/storage.module';
import { ThrottlingModule } from '../platform/throttling/throttling.module';
import { TeamsModule } from '../teams/teams.module';
import { BullmqWebhookWakeups } from './adapters/bullmq-webhook-wakeups';
import { RestHooksController } from './rest-hooks.controller';
import { WebhookDisabledNotifier } from './webhook-disabled-notifier';
import { WebhookDispatcher } from './webhook-dispatcher';
import { WebhookEndpointsService } from './webhook-endpoints.service';
import { WebhookEvents } from './webhook-events';
import { TimerWakeups, WEBHOOK_WAKEUPS, type WebhookWakeups } from './webhook-wakeups';
import { TeamWebhooksController, WebhooksController } from './webhooks.controller';

/** with REDIS_URL every replica shares BullMQ's delayed wake-ups; one process keeps a timer */
function wakeups(config: AppConfig): WebhookWakeups {
  const { queue } = config.analytics;
  if (queue.kind !== 'redis') return new TimerWakeups();
  const logger = new Logger('Webhooks');
  let lastWarning = 0;
  return new BullmqWebhookWakeups(queue.redisUrl, queue.prefix, (error) => {
    // the sweep keeps deliveries going while redis is away: a warning a minute is enough
    if (Date.now() - lastWarning < 60_000) return;
    lastWarning = Date.now();
    logger.warn(`webhook wake-ups: redis failed (${error.message}); the sweep still sends what is due`);
  });
}

/** outbound webhooks: endpoints, their delivery queue and log, and the REST hooks of automation tools */
@Module({
  imports: [StorageModule, EventsModule, ThrottlingModule, MailModule, TeamsModule],
  controllers: [WebhooksController, TeamWebhooksController, RestHooksController],
  providers: [
    { provide: WEBHOOK_WAKEUPS, inject: [APP_CONFIG], useFactory: wakeups },
    WebhookDispatcher,
    WebhookDisabledNotifier,
    WebhookEndpointsService,
    WebhookEvents,
  ],
})
export class WebhooksModule {}
