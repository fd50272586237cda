import { Module } from '@nestjs/common';
import { AnalyticsModule } from '../analytics/analytics.module';
import { AuthModule } from '../auth/auth.module';
import { CardPreviewModule } from '../card-preview/card-preview.module';
import { APP_CONFIG } from '../platform/config/app-config';
import { EventsModule } from '../platform/events/events.module';
import { LeadsModule } from '../leads/leads.module';
import { MailModule } from '../platform/mail/mail.module';
import { MediaModule } from '../media/media.module';
import { StorageModule } from '../platform/storage/storage.module';
import { ThrottlingModule } from '../platform/throttling/throttling.module';
import { CardExchangeMailer } from './card-exchange-mailer';
import { CardJsonService } from './card-json.service';
import { cardPagesProvider, CardPagesService } from './card-pages.service';
import { CardVisitPipeline } from './card-visit.pipeline';
import { ContactFilesService } from './contact-files.service';
import { MessageFormsService } from './message-forms.service';
import { PublicEventsController } from './public-events.controller';
import { CardBrands } from './card-brands';
import { PublicProfileCache } from './public-profile-cache';
import { PublicProfilesService } from './public-profiles.service';
import { CARD_PAGES } from './public.tokens';

/**
 * what a visitor sees: every address of a card (its page, contact file, message form, preview image
 * and JSON read) through CardVisitPipeline, whose routes app.ts registers (card-routes.ts), and the
 * card's engagement events
 */
@Module({
  imports: [
    StorageModule,
    EventsModule,
    AuthModule,
    AnalyticsModule,
    LeadsModule,
    ThrottlingModule,
    MediaModule,
    CardPreviewModule,
    MailModule,
  ],
  controllers: [PublicEventsController],
  providers: [
    PublicProfileCache,
    CardBrands,
    PublicProfilesService,
    { provide: CARD_PAGES, inject: [APP_CONFIG], useFactory: cardPagesProvider },
    CardPagesService,
    ContactFilesService,
    MessageFormsService,
    CardJsonService,
    CardVisitPipeline,
    CardExchangeMailer,
  ],
  // the replicas' cache sync drops handles from the cache
  exports: [PublicProfileCache, PublicProfilesService],
})
export class PublicModule {}
