import { Inject, Injectable, Logger, Module, OnApplicationShutdown } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { PublicProfileCache } from '../../public/public-profile-cache';
import { PublicModule } from '../../public/public.module';
import { RedisInvalidationChannel } from './adapters/redis-invalidation-channel';

const CHANNEL = Symbol('PUBLIC_CACHE_CHANNEL');

/**
 * keeps the public-card caches of every api replica in step: a save or delete on one replica drops the
 * handle on all of them through redis pub/sub, instead of waiting out the cache's TTL elsewhere. only
 * with REDIS_URL (the cluster); one process needs nothing.
 */
@Injectable()
class PublicCacheSyncLifecycle implements OnApplicationShutdown {
  constructor(@Inject(CHANNEL) private readonly channel: RedisInvalidationChannel | null) {}

  async onApplicationShutdown(): Promise<void> {
    await this.channel?.close();
  }
}

@Module({
  imports: [PublicModule],
  providers: [
    {
      provide: CHANNEL,
      inject: [APP_CONFIG, PublicProfileCache],
      useFactory: async (
        config: AppConfig,
        cache: PublicProfileCache,
      ): Promise<RedisInvalidationChannel | null> => {
        // the deployment's redis: the one the analytics queue uses
        const { queue } = config.analytics;
        if (queue.kind !== 'redis') return null;
        const logger = new Logger('PublicCacheSync');
        const replica = randomUUID();
        const channel = new RedisInvalidationChannel(queue.redisUrl, `${queue.prefix}:public-profile-cache`);
        await channel.subscribe(({ origin, handle }) => {
          if (origin !== replica) cache.invalidateLocally(handle);
        });
        cache.onInvalidate((handle) => {
          channel.publish({ origin: replica, handle }).catch((err: unknown) => {
            // the other replicas fall back on the cache's short TTL
            logger.warn(`could not tell other replicas to drop "${handle}": ${(err as Error).message}`);
          });
        });
        return channel;
      },
    },
    PublicCacheSyncLifecycle,
  ],
})
export class PublicCacheSyncModule {}
