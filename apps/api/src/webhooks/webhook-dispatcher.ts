import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type {
  WebhookAttemptResult,
  WebhookDeliveriesRepository,
  WebhookDeliveryRecord,
  WebhookEndpointRecord,
  WebhookEndpointsRepository,
} from '@cardcraft/storage';
import { APP_CONFIG, type AppConfig } from '../platform/config/app-config';
import { WEBHOOK_DELIVERIES, WEBHOOK_ENDPOINTS } from '../platform/storage/storage.tokens';
import { sendWebhook } from './webhook-sender';
import { signatureHeader } from './webhook-signature';
import { WebhookDisabledNotifier } from './webhook-disabled-notifier';
import { WEBHOOK_WAKEUPS, type WebhookWakeups } from './webhook-wakeups';

/** deliveries taken at once by one process */
const BATCH = 10;
/** how often finished deliveries older than the log's keep are deleted */
const PRUNE_EVERY_MS = 3_600_000;

/** a wait of about `ms`: a fifth either way, so endpoints that failed together do not retry together */
export function withJitter(ms: number, random = Math.random): number {
  return Math.round(ms * (0.8 + 0.4 * random()));
}

/** the messageId receivers see in webhook-id: the delivery's, so the same on every attempt */
export const messageIdOf = (delivery: { id: string }) => `msg_${delivery.id}`;

/**
 * sends the deliveries the store says are due. it claims them with a lease (so two replicas never send
 * one twice), sends each, records the outcome and the retry, and turns off an endpoint that keeps
 * failing. woken by the wake-ups when a delivery falls due and by a periodic sweep, which also
 * catches what a lost wake-up left behind.
 */
@Injectable()
export class WebhookDispatcher implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Webhooks');
  /** this process, as a lease's holder */
  private readonly holder = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  private draining: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  private sweep: NodeJS.Timeout | null = null;
  private lastPrune = 0;

  constructor(
    @Inject(WEBHOOK_DELIVERIES) private readonly deliveries: WebhookDeliveriesRepository,
    @Inject(WEBHOOK_ENDPOINTS) private readonly endpoints: WebhookEndpointsRepository,
    @Inject(WEBHOOK_WAKEUPS) private readonly wakeups: WebhookWakeups,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly disabled: WebhookDisabledNotifier,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.wakeups.start(() => this.wake());
    this.sweep = setInterval(() => this.wake(), this.config.webhooks.sweepMs);
    this.sweep.unref();
    // what was due while no process ran
    this.wake();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    if (this.sweep) clearInterval(this.sweep);
    await this.draining;
    await this.wakeups.close();
  }

  /** new deliveries were written, due at `at`: a wake-up then */
  async scheduled(at: Date): Promise<void> {
    try {
      await this.wakeups.schedule(at);
    } catch (error) {
      // the sweep still finds them
      this.logger.warn(`a webhook wake-up could not be scheduled: ${(error as Error).message}`);
    }
  }

  /** sends what is due now; a wake while sending makes one more round after it */
  wake(): void {
    if (this.stopped) return;
    if (this.draining) {
      this.again = true;
      return;
    }
    this.draining = this.drain()
      .catch((error: unknown) => this.logger.error(`webhook deliveries: ${(error as Error).message}`))
      .finally(() => {
        this.draining = null;
        if (this.again) {
          this.again = false;
          this.wake();
        }
      });
  }

  /** resolves when nothing is being sent by this process (tests) */
  async idle(): Promise<void> {
    while (this.draining) await this.draining;
  }

  private async drain(): Promise<void> {
    for (;;) {
      if (this.stopped) return;
      const now = new Date();
      // a lease outlasts an attempt's timeout, so it only ends for a holder that died
      const leaseUntil = new Date(now.getTime() + this.config.webhooks.timeoutMs * 3 + 5_000);
      const due = await this.deliveries.claimDue(now, this.holder, leaseUntil, BATCH);
      if (due.length === 0) break;
      await Promise.all(due.map((delivery) => this.attempt(delivery)));
    }
    const next = await this.deliveries.nextDue();
    if (next) await this.scheduled(next);
    await this.pruneNowAndThen();
  }

  private async attempt(delivery: WebhookDeliveryRecord): Promise<void> {
    const endpoint = await this.endpoints.findById(delivery.endpointId);
    // deleted meanwhile: its deliveries went with it
    if (!endpoint) return;
    const attemptedAt = new Date();
    if (!endpoint.enabled && !delivery.forced) {
      await this.deliveries.recordAttempt(delivery.id, this.holder, {
        status: 'failed',
        nextAttemptAt: null,
        attemptedAt,
        responseStatus: null,
        durationMs: 0,
        responseExcerpt: null,
        error: 'Not sent: the endpoint is turned off',
      });
      return;
    }
    const outcome = await sendWebhook(
      endpoint.url,
      this.headersFor(endpoint, delivery, attemptedAt),
      delivery.payload,
      {
        timeoutMs: this.config.webhooks.timeoutMs,
        allowPrivate: this.config.webhooks.allowPrivate,
      },
    );
    const delays = this.config.webhooks.retryDelaysMs;
    // attempts counts those before this one: the first retry waits delays[0]
    const retry = !outcome.ok && delivery.attempts < delays.length;
    const result: WebhookAttemptResult = {
      status: outcome.ok ? 'succeeded' : retry ? 'pending' : 'failed',
      nextAttemptAt: retry ? new Date(Date.now() + withJitter(delays[delivery.attempts])) : null,
      attemptedAt,
      responseStatus: outcome.responseStatus,
      durationMs: outcome.durationMs,
      responseExcerpt: outcome.responseExcerpt,
      error: outcome.error,
    };
    if (!(await this.deliveries.recordAttempt(delivery.id, this.holder, result))) return;
    this.logger.debug(
      `delivery ${delivery.id} (${delivery.eventType}) to endpoint ${endpoint.id}: ${result.status}` +
        (outcome.error ? `, ${outcome.error}` : ''),
    );
    if (result.nextAttemptAt) await this.scheduled(result.nextAttemptAt);
    await this.countOutcome(endpoint, outcome.ok, result.status === 'failed', attemptedAt);
  }

  private headersFor(
    endpoint: WebhookEndpointRecord,
    delivery: WebhookDeliveryRecord,
    at: Date,
  ): Record<string, string> {
    const timestamp = Math.floor(at.getTime() / 1000);
    // during a rotation's window both secrets sign, so a receiver with either one accepts it
    const secrets = [endpoint.secret];
    if (
      endpoint.previousSecret &&
      endpoint.previousSecretExpiresAt &&
      endpoint.previousSecretExpiresAt > at
    ) {
      secrets.push(endpoint.previousSecret);
    }
    const messageId = messageIdOf(delivery);
    return {
      'content-type': 'application/json',
      'user-agent': `Cardcraft-Webhooks/1 (+${this.config.publicBaseUrl})`,
      'webhook-id': messageId,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': signatureHeader(secrets, messageId, timestamp, delivery.payload),
    };
  }

  /**
   * an endpoint that keeps failing is turned off: too many deliveries given up in a row, or one given up
   * after more than a day of nothing but failures. only the process whose write turns it off mails.
   */
  private async countOutcome(
    endpoint: WebhookEndpointRecord,
    ok: boolean,
    gaveUp: boolean,
    at: Date,
  ): Promise<void> {
    const counted = await this.endpoints.recordOutcome(endpoint.id, { ok, gaveUp, at });
    if (ok || !gaveUp || !counted?.enabled) return;
    const { disableAfterFailures, disableAfterMs } = this.config.webhooks;
    const failingFor = counted.failingSince ? at.getTime() - counted.failingSince.getTime() : 0;
    let reason: string | null = null;
    if (counted.failedDeliveries >= disableAfterFailures) {
      reason = `its last ${counted.failedDeliveries} deliveries failed, each after every retry.`;
    } else if (failingFor > disableAfterMs) {
      reason = `every delivery to it has failed for more than ${Math.floor(failingFor / 3_600_000)} hours.`;
    }
    if (reason && (await this.endpoints.disable(endpoint.id, reason))) {
      this.logger.warn(`webhook endpoint ${endpoint.id} turned off: ${reason}`);
      this.disabled.notify(counted, reason);
    }
  }

  private async pruneNowAndThen(): Promise<void> {
    if (Date.now() - this.lastPrune < PRUNE_EVERY_MS) return;
    this.lastPrune = Date.now();
    const pruned = await this.deliveries.prune(new Date(Date.now() - this.config.webhooks.keepMs));
    if (pruned > 0) this.logger.log(`${pruned} webhook deliveries older than the log's keep deleted`);
  }
}
