import { Body, Controller, Get, HttpCode, Post, Query, Redirect } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { UnsubscribeMessages, type UnsubscribeResponse } from '@cardcraft/contracts';
import { OptionalAuth } from '../auth/auth.guard';
import { RateLimit } from '../platform/throttling/rate-limit.guard';
import { AnalyticsMailService } from './analytics-mail.service';

/** the token of the link, from the address (the mail's one-click POST) or a JSON body (the web page) */
function tokenOf(query: unknown, body: unknown): unknown {
  if (query !== undefined) return query;
  return body && typeof body === 'object' ? (body as { token?: unknown }).token : undefined;
}

/**
 * the analytics mails' unsubscribe link, which works without signing in: a POST turns the report or
 * the alert off (RFC 8058's one-click, or the web page's button); a GET changes nothing, as link
 * scanners open links, and sends the browser to the page with the button
 */
@ApiTags('mail')
@Controller('mail')
export class UnsubscribeController {
  constructor(private readonly mails: AnalyticsMailService) {}

  @Post('unsubscribe')
  @OptionalAuth()
  @HttpCode(200)
  @RateLimit('unsubscribe')
  async unsubscribe(
    // the one-click POST's body is the form "List-Unsubscribe=One-Click": read, never required
    @Query('token') token: unknown,
    @Body() body: unknown,
  ): Promise<UnsubscribeResponse> {
    const kind = await this.mails.unsubscribe(tokenOf(token, body));
    return { unsubscribed: kind, message: UnsubscribeMessages[kind] };
  }

  @Get('unsubscribe')
  @OptionalAuth()
  @Redirect()
  page(@Query('token') token: unknown): { url: string; statusCode: number } {
    const query = typeof token === 'string' ? `?token=${encodeURIComponent(token)}` : '';
    // on this host: the web app is served beside the api
    return { url: `/unsubscribe${query}`, statusCode: 303 };
  }
}
