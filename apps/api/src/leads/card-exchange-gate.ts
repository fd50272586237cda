import { Inject, Injectable } from '@nestjs/common';
import type { CardExchangesRepository } from '@cardcraft/storage';
import { createHmac } from 'node:crypto';
import { APP_CONFIG, type AppConfig } from '../platform/config/app-config';
import type { RequestMeta } from '../platform/common/request-meta';
import { RateLimiter } from '../platform/throttling/rate-limiter';
import { CARD_EXCHANGES } from '../platform/storage/storage.tokens';

/** cards one address may be e-mailed a day, across every card of the product */
export const CARD_EXCHANGE_DAILY_MAX_PER_RECIPIENT = 5;

/** the UTC day of a moment, YYYY-MM-DD: the unit of the exchange's limits */
export const utcDay = (at: Date): string => at.toISOString().slice(0, 10);

/**
 * whether a visitor who ticked "Send me your card" is sent it: the client address's limit first (a
 * 429, nothing stored), then the day's limits per recipient: one mail a card, five across cards. only
 * a keyed hash of the address is kept for this, with the card and the day, and only for the day.
 */
@Injectable()
export class CardExchangeGate {
  constructor(
    @Inject(CARD_EXCHANGES) private readonly exchanges: CardExchangesRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly limiter: RateLimiter,
  ) {}

  /** throws TooManyRequestsError when this client asked for too many cards lately */
  async spend(viewerUserId: string | null, request: RequestMeta): Promise<void> {
    await this.limiter.spend(['cardExchange'], { ip: request.ip, userId: viewerUserId });
  }

  /** true when the card is to be mailed to this address now (and the send is recorded) */
  async claim(profileId: string, email: string, now: Date): Promise<boolean> {
    const day = utcDay(now);
    const claim = await this.exchanges.claim({
      recipientHash: this.recipientHash(email),
      profileId,
      day,
      perRecipientDailyMax: CARD_EXCHANGE_DAILY_MAX_PER_RECIPIENT,
      now,
    });
    // yesterday's records serve no limit any more; the day before is kept for clocks a little apart
    if (claim === 'claimed') {
      await this.exchanges.deleteBefore(utcDay(new Date(now.getTime() - 2 * 86_400_000)));
    }
    return claim === 'claimed';
  }

  /** keyed with the server's secret, so the stored hashes cannot be matched against a list of addresses */
  private recipientHash(email: string): string {
    return createHmac('sha256', this.config.jwtSecret)
      .update(`card-exchange:${email.trim().toLowerCase()}`)
      .digest('hex');
  }
}
