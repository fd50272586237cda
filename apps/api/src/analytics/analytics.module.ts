import { Inject, Injectable, Logger, Module, OnApplicationShutdown } from '@nestjs/common';
import { startApiAnalytics, type ApiAnalytics } from '@cardcraft/analytics';
import { APP_CONFIG, type AppConfig } from '../platform/config/app-config';
import { HealthRegistry } from '../platform/common/health-registry';
import { HealthRegistryModule } from '../platform/common/health-registry.module';
import { EventsModule } from '../platform/events/events.module';
import { ProfilesModule } from '../profiles/profiles.module';
import { StorageModule } from '../platform/storage/storage.module';
import { AnalyticsController } from './analytics.controller';
import { AnalyticsOverviewController } from './analytics-overview.controller';
import { AnalyticsOverviewService } from './analytics-overview.service';
import { AnalyticsService } from './analytics.service';
import { AnalyticsTracker } from './analytics-tracker';
import { ANALYTICS_RUNTIME } from './analytics.tokens';
import type { ServiceMetrics } from '@cardcraft/observability';
import { SERVICE_METRICS } from '../platform/observability/observability.tokens';

@Injectable()
class AnalyticsLifecycle implements OnApplicationShutdown {
  constructor(@Inject(ANALYTICS_RUNTIME) private readonly runtime: ApiAnalytics) {}

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
  imports: [StorageModule, ProfilesModule, EventsModule, HealthRegistryModule],
  controllers: [AnalyticsController, AnalyticsOverviewController],
  providers: [
    {
      provide: ANALYTICS_RUNTIME,
      inject: [APP_CONFIG, HealthRegistry, SERVICE_METRICS],
      useFactory: async (
        config: AppConfig,
        health: HealthRegistry,
        metrics: ServiceMetrics,
      ): Promise<ApiAnalytics> => {
        const logger = new Logger('Analytics');
        const runtime = await startApiAnalytics(config.analytics, logger, {
          embeddedWorker: config.analytics.queue.kind === 'embedded',
          metrics: metrics.analytics,
        });
        metrics.watchBuffer(() => runtime.stats().buffer);
        metrics.watchQueue(() => runtime.depth());
        health.register(runtime.mode.store === 'http' ? 'clickhouse' : 'chdb', () => runtime.store.ping());
        if (runtime.mode.queue === 'bullmq') health.register('redis', () => runtime.queue.ping());
        health.register('analytics', async () => {
          const { ok, reasons, ...details } = await runtime.readiness();
          return { reasons: ok ? [] : reasons, details };
        });
        return runtime;
      },
    },
    AnalyticsLifecycle,
    AnalyticsTracker,
    AnalyticsService,
    AnalyticsOverviewService,
  ],
  // the card's page, its JSON read and its events record through the tracker; the backup takes its
  // snapshots through the runtime; the owner's data export reads through the service
  exports: [AnalyticsTracker, AnalyticsService, AnalyticsOverviewService, ANALYTICS_RUNTIME],
})
export class AnalyticsModule {}
