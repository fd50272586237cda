import { DynamicModule, Module } from '@nestjs/common';
import { AccountModule } from './account/account.module';
import { AccountExportModule } from './account-export/account-export.module';
import { AccountMailModule } from './account-mail/account-mail.module';
import { AnalyticsMailModule } from './analytics-mail/analytics-mail.module';
import { AnalyticsModule } from './analytics/analytics.module';
import { AnalyticsSharesModule } from './analytics-shares/analytics-shares.module';
import { AuthModule } from './auth/auth.module';
import { BackupModule } from './backup/backup.module';
import { ClientConfigModule } from './client-config/client-config.module';
import { PublicCacheSyncModule } from './platform/cache-sync/public-cache-sync.module';
import { CardPreviewModule } from './card-preview/card-preview.module';
import type { AppConfig } from './platform/config/app-config';
import { ConfigModule } from './platform/config/config.module';
import { HealthModule } from './health/health.module';
import { SecurityTxtModule } from './security-txt/security-txt.module';
import { LeadsModule } from './leads/leads.module';
import { MediaModule } from './media/media.module';
import { ProfilesModule } from './profiles/profiles.module';
import { PublicModule } from './public/public.module';
import { QrModule } from './qr/qr.module';
import { TeamsModule } from './teams/teams.module';
import { ApiKeysModule } from './api-keys/api-keys.module';
import { WebhooksModule } from './webhooks/webhooks.module';
import { ObservabilityModule } from './platform/observability/observability.module';
import type { ServiceMetrics } from '@cardcraft/observability';
import { WalletPassModule } from './wallet/wallet-pass.module';

/** the api: each feature module imports what it uses; only the configuration and the metrics are global */
@Module({})
export class AppModule {
  static forRoot(config: AppConfig, metrics: ServiceMetrics): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        ObservabilityModule.forRoot(metrics),
        HealthModule,
        SecurityTxtModule,
        AuthModule,
        AccountModule,
        AccountMailModule,
        AnalyticsMailModule,
        AccountExportModule,
        ProfilesModule,
        QrModule,
        LeadsModule,
        TeamsModule,
        ApiKeysModule,
        WebhooksModule,
        PublicModule,
        AnalyticsModule,
        AnalyticsSharesModule,
        PublicCacheSyncModule,
        MediaModule,
        CardPreviewModule,
        ClientConfigModule,
        WalletPassModule,
        BackupModule,
      ],
    };
  }
}
