import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { ServerResponse } from 'node:http';
import type { AppConfig } from '../config/app-config';
import { CONTENT_SECURITY_POLICY, PERMISSIONS_POLICY } from './content-security-policy';

/**
 * the browser policy on every answer (pages, static files, JSON, errors), by lower-case name, as
 * helmet's defaults name them. the cluster's nginx sends the same ones for the files it serves itself;
 * a test holds the two together.
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'permissions-policy': PERMISSIONS_POLICY,
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'DENY',
  'x-permitted-cross-domain-policies': 'none',
  // the old xss auditors did more harm than good: the current advice is to switch them off
  'x-xss-protection': '0',
};

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/** sent only when the public address is https: a browser that saw it refuses plain http for a year */
export const STRICT_TRANSPORT_SECURITY = `max-age=${ONE_YEAR_SECONDS}`;

export function isHttpsBaseUrl(config: Pick<AppConfig, 'publicBaseUrl'>): boolean {
  return new URL(config.publicBaseUrl).protocol === 'https:';
}

/** a route's config: it writes every answer's headers itself, with its own (AnswerHeaders.pairs) */
export interface WritesAnswerHeaders {
  writesAnswerHeaders?: boolean;
}

/**
 * what every answer of the server carries, whoever writes it: the security headers (HSTS behind an
 * https public address) and the request's id. one onRequest hook puts them on every answer fastify
 * writes, but those of the routes that write their headers in one go (the card's), which take them
 * from pairs(), as the card page's entry before fastify does. a header every answer must carry goes
 * here: one added by a hook of its own would miss the card page's entry (a test compares them).
 */
export class AnswerHeaders {
  private readonly entries: [string, string][];
  private readonly flat: string[];

  constructor(config: Pick<AppConfig, 'publicBaseUrl'>, added: Readonly<Record<string, string>> = {}) {
    this.entries = Object.entries({
      ...SECURITY_HEADERS,
      ...(isHttpsBaseUrl(config) ? { 'strict-transport-security': STRICT_TRANSPORT_SECURITY } : {}),
      ...added,
    });
    this.flat = this.entries.flat();
    this.policyAt = this.flat.indexOf('content-security-policy') + 1;
  }

  /** where the policy's value is in the pairs */
  private readonly policyAt: number;

  /** the headers as one object, for an answer written in one go */
  with(requestId: string): Record<string, string> {
    const headers = Object.fromEntries(this.entries);
    headers['x-request-id'] = requestId;
    return headers;
  }

  /**
   * the headers as [name, value, name, value...]: node writes a head given so for less cpu than the
   * same headers as an object or set one by one (docs/decisions/001-card-page-entry.md). a page with a
   * policy of its own (the card's) has it in place of every answer's
   */
  pairs(requestId: string, contentSecurityPolicy?: string): string[] {
    const pairs = this.flat.slice();
    if (contentSecurityPolicy !== undefined) pairs[this.policyAt] = contentSecurityPolicy;
    pairs.push('x-request-id', requestId);
    return pairs;
  }

  apply(answer: ServerResponse, requestId: string): void {
    for (const [name, value] of this.entries) answer.setHeader(name, value);
    answer.setHeader('x-request-id', requestId);
  }
}

/** the headers on every answer fastify writes: pages, files, json, errors; register before any route */
export function registerAnswerHeaders(app: NestFastifyApplication, headers: AnswerHeaders): void {
  app
    .getHttpAdapter()
    .getInstance()
    .addHook('onRequest', (request, reply, done) => {
      if (!(request.routeOptions.config as WritesAnswerHeaders).writesAnswerHeaders) {
        headers.apply(reply.raw, request.id);
      }
      done();
    });
}
