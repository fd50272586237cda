import { DynamicModule, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { JwtModule } from '@nestjs/jwt';
import { PassportModule } from '@nestjs/passport';
import { AccountController } from './account/account.controller';
import { AnalyticsModule } from './analytics/analytics.module';
import { AccountService } from './account/account.service';
import { AuthController } from './auth/auth.controller';
import { PublicCacheSyncModule } from './cache-sync/public-cache-sync.module';
import { SessionGuard } from './auth/auth.guard';
import { AuthService } from './auth/auth.service';
import { PasswordHasher } from './auth/password-hasher';
import { SessionCookie } from './auth/session-cookie';
import { BearerStrategy, SessionCookieStrategy } from './auth/session.strategies';
import { SessionsService } from './auth/sessions.service';
import { APP_CONFIG, type AppConfig } from './config/app-config';
import { DomainEvents } from './events/domain-events';
import { HealthModule } from './health/health.module';
import { LeadsController } from './leads/leads.controller';
import { LeadsService } from './leads/leads.service';
import { ProfilesController } from './profiles/profiles.controller';
import { ProfilesService } from './profiles/profiles.service';
import { PublicCardPageController } from './public/public-card-page.controller';
import { CARD_PAGES, cardPagesProvider, PublicCardPagesService } from './public/public-card-pages.service';
import { PublicProfileCache } from './public/public-profile-cache';
import { PublicProfilesController } from './public/public-profiles.controller';
import { PublicProfilesService } from './public/public-profiles.service';
import { QrController } from './qr/qr.controller';
import { QrService } from './qr/qr.service';
import { StorageModule } from './storage/storage.module';
import { ThrottlingModule } from './throttling/throttling.module';

@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      global: true,
      imports: [
        HealthModule,
        StorageModule,
        JwtModule.register({}),
        PassportModule,
        AnalyticsModule,
        PublicCacheSyncModule,
        ThrottlingModule,
      ],
      controllers: [
        AuthController,
        AccountController,
        ProfilesController,
        QrController,
        LeadsController,
        PublicProfilesController,
        PublicCardPageController,
      ],
      providers: [
        { provide: APP_CONFIG, useValue: config },
        { provide: APP_GUARD, useClass: SessionGuard },
        DomainEvents,
        SessionsService,
        BearerStrategy,
        SessionCookieStrategy,
        SessionCookie,
        PasswordHasher,
        AuthService,
        AccountService,
        ProfilesService,
        QrService,
        LeadsService,
        PublicProfileCache,
        PublicProfilesService,
        { provide: CARD_PAGES, inject: [APP_CONFIG], useFactory: cardPagesProvider },
        PublicCardPagesService,
      ],
      exports: [
        APP_CONFIG,
        DomainEvents,
        PublicProfileCache,
        PublicProfilesService,
        ProfilesService,
        SessionsService,
      ],
    };
  }
}
