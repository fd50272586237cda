import { Inject, Injectable } from '@nestjs/common';
import { getStorageToken, type ThrottlerStorage } from '@nestjs/throttler';
import { TooManyRequestsError } from '../common/errors';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import type { RateLimitName } from '../config/rate-limit-settings';
import { rateLimitTrackers, waitText, type RateLimitedRequest } from './rate-limit-keys';

/**
 * spends a request's hits from the named budgets (RATE_LIMIT_* in the configuration): the one place a
 * limit is counted, for the @RateLimit() routes' guard and for the card's posted message form. each
 * tracker (the address, the account) spends one hit; the first budget spent answers 429 with the wait.
 */
@Injectable()
export class RateLimiter {
  /** the limits in the configuration's order: a request spends them in that order */
  private readonly order: RateLimitName[];

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(getStorageToken()) private readonly storage: ThrottlerStorage,
  ) {
    this.order = Object.keys(config.rateLimits) as RateLimitName[];
  }

  async spend(names: readonly RateLimitName[], request: RateLimitedRequest): Promise<void> {
    for (const name of this.order) {
      if (!names.includes(name)) continue;
      const { limit, windowMs } = this.config.rateLimits[name];
      for (const tracker of rateLimitTrackers(name, request)) {
        // once spent, the budget stays spent for a whole window
        const hit = await this.storage.increment(`${name}:${tracker}`, windowMs, limit, windowMs, name);
        if (hit.isBlocked) {
          const seconds = Math.max(1, hit.timeToBlockExpire);
          throw new TooManyRequestsError(
            `Too many requests, please try again in ${waitText(seconds)}`,
            seconds,
          );
        }
      }
    }
  }
}
