import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { JwtModule } from '@nestjs/jwt';
import { PassportModule } from '@nestjs/passport';
import { StorageModule } from '../platform/storage/storage.module';
import { ThrottlingModule } from '../platform/throttling/throttling.module';
import { ApiKeyAuthenticator } from './api-key-authenticator';
import { AuthController } from './auth.controller';
import { SessionGuard } from './auth.guard';
import { AuthService } from './auth.service';
import { PasswordHasher } from './password-hasher';
import { APP_CONFIG, type AppConfig } from '../platform/config/app-config';
import { SessionCookie } from './session-cookie';
import { KeyScopeGate } from './key-scope';
import { sessionKey } from './session-key';
import { SessionStrategy } from './session.strategy';
import { SessionsService } from './sessions.service';
import { ViewerResolver } from './viewer-resolver';

/** sign-up, sign-in and sessions; its guard runs on every route (routes opt out with @OptionalAuth) */
@Module({
  imports: [
    StorageModule,
    ThrottlingModule,
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
  controllers: [AuthController],
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
  ],
  // the card's pipeline reads the viewer through the same resolver as the guard
  exports: [SessionsService, SessionCookie, PasswordHasher, ViewerResolver],
})
export class AuthModule {}
