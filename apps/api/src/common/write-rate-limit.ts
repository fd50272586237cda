import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { RateLimiter } from './rate-limiter';

/** one budget a minute per client address and endpoint for the writes anyone can make */
@Injectable()
export class WriteRateLimit {
  private readonly limiter: RateLimiter;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.limiter = new RateLimiter(config.writeRateLimitPerMinute);
  }

  consume(endpoint: string, ip: string): void {
    this.limiter.consume(`${endpoint}:${ip}`);
  }
}
