import { Module } from '@nestjs/common';
import { AnalyticsModule } from '../analytics/analytics.module';
import { AuthModule } from '../auth/auth.module';
import { APP_CONFIG } from '../config/app-config';
import { EventsModule } from '../events/events.module';
import { LeadsModule } from '../leads/leads.module';
import { MediaModule } from '../media/media.module';
import { StorageModule } from '../storage/storage.module';
import { ThrottlingModule } from '../throttling/throttling.module';
import { PublicCardPageController } from './public-card-page.controller';
import { cardPagesProvider, PublicCardPagesService } from './public-card-pages.service';
import { PublicEventsController } from './public-events.controller';
import { PublicProfileCache } from './public-profile-cache';
import { PublicProfilesController } from './public-profiles.controller';
import { PublicProfilesService } from './public-profiles.service';
import { CARD_PAGES } from './public.tokens';

/** what a visitor sees: the card's page, its JSON, its contact file and message form, its events */
@Module({
  imports: [
    StorageModule,
    EventsModule,
    AuthModule,
    AnalyticsModule,
    LeadsModule,
    ThrottlingModule,
    MediaModule,
  ],
  controllers: [PublicProfilesController, PublicCardPageController, PublicEventsController],
  providers: [
    PublicProfileCache,
    PublicProfilesService,
    { provide: CARD_PAGES, inject: [APP_CONFIG], useFactory: cardPagesProvider },
    PublicCardPagesService,
  ],
  // the replicas' cache sync drops handles from the cache; the card's preview image finds cards
  exports: [PublicProfileCache, PublicProfilesService],
})
export class PublicModule {}
