import { Module } from '@nestjs/common';
import { AnalyticsModule } from '../analytics/analytics.module';
import { AuthModule } from '../auth/auth.module';
import { EventsModule } from '../platform/events/events.module';
import { StorageModule } from '../platform/storage/storage.module';
import { ThrottlingModule } from '../platform/throttling/throttling.module';
import { AnalyticsSharesController, SharedAnalyticsController } from './analytics-shares.controller';
import { AnalyticsSharesService } from './analytics-shares.service';
import { ShareUnlockCookie } from './share-unlock-cookie';

/**
 * read-only links to a card's analytics: the owner's routes to make, list and revoke them, and the
 * link holder's routes (the card's name, the password, the summary's aggregates)
 */
@Module({
  imports: [StorageModule, AuthModule, AnalyticsModule, EventsModule, ThrottlingModule],
  controllers: [AnalyticsSharesController, SharedAnalyticsController],
  providers: [AnalyticsSharesService, ShareUnlockCookie],
})
export class AnalyticsSharesModule {}
