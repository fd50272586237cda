import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { AppConfig } from '../config/app-config';
import { CONTENT_SECURITY_POLICY, CSP_DIRECTIVES, PERMISSIONS_POLICY } from './content-security-policy';

/**
 * the headers on every answer (pages, static files, JSON, errors), by lower-case name. the cluster's
 * nginx sends the same ones for the files it serves itself; a test holds the two together.
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

/**
 * the same headers as one precomputed set, for a hot route that writes them itself instead of running
 * helmet per request (helmet rebuilds its middleware on every request). a test holds the two equal.
 */
export function securityHeaderSet(
  config: Pick<AppConfig, 'publicBaseUrl'>,
): Readonly<Record<string, string>> {
  return Object.freeze({
    ...SECURITY_HEADERS,
    ...(isHttpsBaseUrl(config) ? { 'strict-transport-security': STRICT_TRANSPORT_SECURITY } : {}),
  });
}

/** helmet set up to send exactly SECURITY_HEADERS (and HSTS behind https), not its own defaults */
export function helmetOptions(config: Pick<AppConfig, 'publicBaseUrl'>): FastifyHelmetOptions {
  return {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    originAgentCluster: true,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // not includeSubDomains: the operator may run other hosts under the same domain over plain http
    strictTransportSecurity: isHttpsBaseUrl(config)
      ? { maxAge: ONE_YEAR_SECONDS, includeSubDomains: false }
      : false,
    xContentTypeOptions: true,
    xDnsPrefetchControl: { allow: false },
    xDownloadOptions: true,
    xFrameOptions: { action: 'deny' },
    xPermittedCrossDomainPolicies: { permittedPolicies: 'none' },
    xXssProtection: true,
  };
}

/** the security headers on every answer; register before any route so each one gets them */
export async function registerSecurityHeaders(
  app: NestFastifyApplication,
  config: Pick<AppConfig, 'publicBaseUrl'>,
): Promise<void> {
  await app.register(fastifyHelmet, helmetOptions(config));
  // helmet has no option for permissions-policy: set beside helmet's headers, the same way
  app
    .getHttpAdapter()
    .getInstance()
    .addHook('onRequest', (_request, reply, done) => {
      reply.raw.setHeader('permissions-policy', PERMISSIONS_POLICY);
      done();
    });
}
