import { Inject, Injectable, Logger, Module, type OnApplicationShutdown } from '@nestjs/common';
import {
  getOptionsToken,
  getStorageToken,
  ThrottlerStorageService,
  type ThrottlerModuleOptions,
  type ThrottlerStorage,
} from '@nestjs/throttler';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { RedisThrottlerStorage } from './adapters/redis-throttler-storage';
import { FailoverThrottlerStorage } from './failover-throttler-storage';
import { RateLimitGuard } from './rate-limit.guard';

const SHARED_STORAGE = Symbol('SHARED_THROTTLER_STORAGE');

/** one named throttler per configured limit; a route picks its own with @RateLimit() */
function throttlerOptions(config: AppConfig): ThrottlerModuleOptions {
  return {
    throttlers: Object.entries(config.rateLimits).map(([name, { limit, windowMs }]) => ({
      name,
      limit,
      ttl: windowMs,
      // once spent, the budget stays spent for a whole window
      blockDuration: windowMs,
    })),
    generateKey: (_context, tracker, name) => `${name}:${tracker}`,
    // one request spends several budgets (address, account): Retry-After comes with the 429 instead
    setHeaders: false,
  };
}

/** with REDIS_URL every replica counts in redis; a single process counts in its memory */
async function sharedStorage(config: AppConfig): Promise<RedisThrottlerStorage | null> {
  const redisUrl = config.analytics.redisUrl;
  if (!redisUrl) return null;
  const storage = new RedisThrottlerStorage(redisUrl, `${config.analytics.redisPrefix}:rate-limit:`);
  if (!(await storage.ready(5000))) {
    new Logger('RateLimit').warn('redis does not answer yet: counting in memory until it does');
  }
  return storage;
}

function storage(shared: RedisThrottlerStorage | null): ThrottlerStorage {
  if (!shared) return new ThrottlerStorageService();
  const logger = new Logger('RateLimit');
  let lastWarning = 0;
  return new FailoverThrottlerStorage(shared, new ThrottlerStorageService(), (error) => {
    if (Date.now() - lastWarning < 60_000) return;
    lastWarning = Date.now();
    logger.warn(`redis failed, counting in this replica's memory for now: ${error.message}`);
  });
}

@Injectable()
class ThrottlingLifecycle implements OnApplicationShutdown {
  constructor(@Inject(SHARED_STORAGE) private readonly shared: RedisThrottlerStorage | null) {}

  async onApplicationShutdown(): Promise<void> {
    await this.shared?.close();
  }
}

/**
 * abuse limits (@nestjs/throttler): the options and the storage the RateLimitGuard of @RateLimit()
 * routes needs: every module with such a route imports it (one instance for all of them).
 */
@Module({
  providers: [
    { provide: SHARED_STORAGE, inject: [APP_CONFIG], useFactory: sharedStorage },
    { provide: getStorageToken(), inject: [SHARED_STORAGE], useFactory: storage },
    { provide: getOptionsToken(), inject: [APP_CONFIG], useFactory: throttlerOptions },
    RateLimitGuard,
    ThrottlingLifecycle,
  ],
  exports: [getStorageToken(), getOptionsToken(), RateLimitGuard],
})
export class ThrottlingModule {}
