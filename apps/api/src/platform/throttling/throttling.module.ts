import { Inject, Injectable, Logger, Module, type OnApplicationShutdown } from '@nestjs/common';
import { getStorageToken, ThrottlerStorageService, type ThrottlerStorage } from '@nestjs/throttler';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { RedisThrottlerStorage } from './adapters/redis-throttler-storage';
import { FailoverThrottlerStorage } from './failover-throttler-storage';
import { RateLimitGuard } from './rate-limit.guard';
import { RateLimiter } from './rate-limiter';

const SHARED_STORAGE = Symbol('SHARED_THROTTLER_STORAGE');

/** with REDIS_URL every replica counts in redis; a single process counts in its memory */
async function sharedStorage(config: AppConfig): Promise<RedisThrottlerStorage | null> {
  const { queue } = config.analytics;
  if (queue.kind !== 'redis') return null;
  const storage = new RedisThrottlerStorage(queue.redisUrl, `${queue.prefix}:rate-limit:`);
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
 * abuse limits: the counters' storage (@nestjs/throttler's, or redis shared by the replicas), the
 * RateLimiter that spends them and the RateLimitGuard of @RateLimit() routes: every module with such a
 * route imports it (one instance for all of them).
 */
@Module({
  providers: [
    { provide: SHARED_STORAGE, inject: [APP_CONFIG], useFactory: sharedStorage },
    { provide: getStorageToken(), inject: [SHARED_STORAGE], useFactory: storage },
    RateLimiter,
    RateLimitGuard,
    ThrottlingLifecycle,
  ],
  exports: [getStorageToken(), RateLimiter, RateLimitGuard],
})
export class ThrottlingModule {}
