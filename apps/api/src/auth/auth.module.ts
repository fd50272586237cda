import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { JwtModule } from '@nestjs/jwt';
import { PassportModule } from '@nestjs/passport';
import { MailModule } from '../platform/mail/mail.module';
import { StorageModule } from '../platform/storage/storage.module';
import { ThrottlingModule } from '../platform/throttling/throttling.module';
import { AccountSessionsController } from './account-sessions.controller';
import { AccountSessionsService } from './account-sessions.service';
import { ApiKeyAuthenticator } from './api-key-authenticator';
import { AuthController } from './auth.controller';
import { SessionGuard } from './auth.guard';
import { AuthService } from './auth.service';
import { PasswordHasher } from './password-hasher';
import { APP_CONFIG, type AppConfig } from '../platform/config/app-config';
import { DeviceCookie } from './device-cookie';
import { SessionCookie } from './session-cookie';
import { KeyScopeGate } from './key-scope';
import { sessionKey } from './session-key';
import { SessionStrategy } from './session.strategy';
import { SessionsService } from './sessions.service';
import { SignInPlaces } from './sign-in-places';
import { PasskeySignInController, PasskeysController } from './passkeys/passkeys.controller';
import { PasskeysService } from './passkeys/passkeys.service';
import { SecondFactorController } from './second-factor/second-factor.controller';
import { SecondFactorService } from './second-factor/second-factor.service';
import { ViewerResolver } from './viewer-resolver';

/** sign-up, sign-in and sessions (the account's list of them too); its guard runs on every route (routes opt out with @OptionalAuth) */
@Module({
  imports: [
    StorageModule,
    ThrottlingModule,
    MailModule,
    JwtModule.registerAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({
        secret: sessionKey(config.jwtSecret),
        signOptions: { algorithm: 'HS256' },
        verifyOptions: { algorithms: ['HS256'] },
      }),
    }),
    PassportModule,
  ],
  controllers: [
    AuthController,
    AccountSessionsController,
    SecondFactorController,
    PasskeysController,
    PasskeySignInController,
  ],
  providers: [
    { provide: APP_GUARD, useClass: SessionGuard },
    SessionsService,
    ApiKeyAuthenticator,
    KeyScopeGate,
    ViewerResolver,
    SessionStrategy,
    SessionCookie,
    PasswordHasher,
    AuthService,
    AccountSessionsService,
    SignInPlaces,
    DeviceCookie,
    SecondFactorService,
    PasskeysService,
  ],
  // the card's pipeline reads the viewer through the same resolver as the guard
  exports: [SessionsService, SessionCookie, PasswordHasher, ViewerResolver],
})
export class AuthModule {}
