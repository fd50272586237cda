import { Inject, Injectable, Logger, Module, OnApplicationShutdown } from '@nestjs/common';
import { AnalyticsRuntime } from '@cardcraft/analytics';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { HealthRegistry } from '../health/health-registry';
import { AnalyticsController, PublicEventsController } from './analytics.controller';
import { AnalyticsService } from './analytics.service';
import { AnalyticsTracker } from './analytics-tracker';
import { ANALYTICS_RUNTIME } from './analytics.tokens';

@Injectable()
class AnalyticsLifecycle implements OnApplicationShutdown {
  constructor(@Inject(ANALYTICS_RUNTIME) private readonly runtime: AnalyticsRuntime) {}

  /** flushes buffered events onto the queue, lets the embedded worker finish its batch, closes */
  async onApplicationShutdown(): Promise<void> {
    await this.runtime.close();
  }
}

/**
 * analytics in the api: records events, answers the dashboard, deletes with profiles. without REDIS_URL
 * (the embedded mode) the worker loop runs here too; with it, apps/worker does (DESIGN 'Two ways to run').
 */
@Module({
  controllers: [AnalyticsController, PublicEventsController],
  providers: [
    {
      provide: ANALYTICS_RUNTIME,
      inject: [APP_CONFIG, HealthRegistry],
      useFactory: async (config: AppConfig, health: HealthRegistry): Promise<AnalyticsRuntime> => {
        const logger = new Logger('Analytics');
        const runtime = await AnalyticsRuntime.start(config.analytics, logger, {
          producer: true,
          reader: true,
          worker: config.analytics.redisUrl === null,
        });
        health.register(runtime.mode.store === 'http' ? 'clickhouse' : 'chdb', () =>
          runtime.analyticsStore.ping(),
        );
        if (runtime.mode.queue === 'bullmq') health.register('redis', () => runtime.eventQueue.ping());
        return runtime;
      },
    },
    AnalyticsLifecycle,
    AnalyticsTracker,
    AnalyticsService,
  ],
})
export class AnalyticsModule {}
