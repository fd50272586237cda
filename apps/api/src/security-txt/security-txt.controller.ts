import { Controller, Get, Header, Inject } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { OptionalAuth } from '../auth/auth.guard';
import { APP_CONFIG, type AppConfig } from '../platform/config/app-config';

/** where the file is, outside the api's prefix (app.ts leaves it out) */
export const SECURITY_TXT_ROUTE = '.well-known/security.txt';

/** how long a copy of the file is good for: RFC 9116 asks for less than a year; each start renews it */
const VALID_DAYS = 180;
const DAY_MS = 86_400_000;

/** the file's fields, RFC 9116: how to report a vulnerability, until when this says so, where it lives */
export function securityTxt(config: Pick<AppConfig, 'securityContact' | 'publicBaseUrl'>, now: Date): string {
  const expires = new Date(now.getTime() + VALID_DAYS * DAY_MS);
  return [
    `Contact: ${config.securityContact}`,
    `Expires: ${expires.toISOString()}`,
    'Preferred-Languages: en',
    `Canonical: ${new URL(`/${SECURITY_TXT_ROUTE}`, config.publicBaseUrl).href}`,
    '',
  ].join('\n');
}

/** /.well-known/security.txt: where a security researcher reports what they found */
@ApiExcludeController()
@OptionalAuth()
@Controller()
export class SecurityTxtController {
  private readonly text: string;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.text = securityTxt(config, new Date());
  }

  @Get(SECURITY_TXT_ROUTE)
  @Header('content-type', 'text/plain; charset=utf-8')
  @Header('cache-control', 'public, max-age=86400')
  file(): string {
    return this.text;
  }
}
