import { Inject, Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { APP_CONFIG, type AppConfig } from '../config/app-config';

export interface IssuedToken {
  accessToken: string;
  expiresAt: Date;
}

@Injectable()
export class TokenService {
  constructor(
    private readonly jwt: JwtService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  issue(userId: string): IssuedToken {
    const issuedAt = Math.floor(Date.now() / 1000);
    const expiresAtSeconds = issuedAt + this.config.sessionTtlSeconds;
    const accessToken = this.jwt.sign(
      { sub: userId, iat: issuedAt, exp: expiresAtSeconds },
      { secret: this.config.jwtSecret, algorithm: 'HS256' },
    );
    return { accessToken, expiresAt: new Date(expiresAtSeconds * 1000) };
  }

  /** the user id of a valid token, or null for anything else (expired, forged, malformed) */
  verify(token: string): string | null {
    try {
      const payload = this.jwt.verify<{ sub?: unknown }>(token, {
        secret: this.config.jwtSecret,
        algorithms: ['HS256'],
      });
      return typeof payload.sub === 'string' ? payload.sub : null;
    } catch {
      return null;
    }
  }
}
