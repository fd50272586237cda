import type { FastifyRequest } from 'fastify';
import type { AppConfig } from '../platform/config/app-config';

export const CROSS_SITE_REFUSED = 'Cross-site request refused';

/** methods that change something: a browser may send them from a foreign page with our cookie */
const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function isUnsafeMethod(method: string): boolean {
  return UNSAFE_METHODS.has(method.toUpperCase());
}

function originOf(value: string): string | null {
  try {
    const origin = new URL(value).origin;
    // opaque origins ('null' from sandboxed frames, file: pages) belong to no site
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

function header(request: FastifyRequest, name: string): string | null {
  const value = request.headers[name];
  const first = Array.isArray(value) ? value[0] : value;
  return first?.trim() ? first.trim() : null;
}

/**
 * where the request says it comes from: the Origin header, or, when a browser left it out, the
 * Referer's origin. null when neither is sent (curl, scripts); 'null' and unparseable values count as
 * a foreign origin, never as none.
 */
export function requestOrigin(
  request: FastifyRequest,
): { sent: false } | { sent: true; origin: string | null } {
  const origin = header(request, 'origin');
  if (origin !== null) return { sent: true, origin: originOf(origin) };
  const referer = header(request, 'referer');
  if (referer !== null) return { sent: true, origin: originOf(referer) };
  return { sent: false };
}

/**
 * the origins our own pages are served from: the public address, the address this request reached
 * (as the client saw it, through a trusted proxy) and the configured CORS origins. '*' in CORS_ORIGINS
 * lets any origin call with a bearer token, never with the cookie.
 */
export class SameSiteOrigins {
  private readonly trusted: Set<string>;

  constructor(config: Pick<AppConfig, 'publicBaseUrl' | 'corsOrigins'>) {
    const configured = [config.publicBaseUrl, ...config.corsOrigins.filter((origin) => origin !== '*')];
    this.trusted = new Set(configured.map(originOf).filter((origin): origin is string => origin !== null));
  }

  isOwn(origin: string, request: FastifyRequest): boolean {
    if (this.trusted.has(origin)) return true;
    // fastify reads the host and protocol from X-Forwarded-* only when the proxy is trusted
    const host = request.host;
    return Boolean(host) && originOf(`${request.protocol}://${host}`) === origin;
  }

  /** a cookie-authenticated change must prove it comes from our own page */
  allowsCookieChange(request: FastifyRequest): boolean {
    const sent = requestOrigin(request);
    return sent.sent && sent.origin !== null && this.isOwn(sent.origin, request);
  }

  /** a sign-in or sign-up is refused only when it names a foreign page; scripts send no origin */
  allowsSignIn(request: FastifyRequest): boolean {
    const sent = requestOrigin(request);
    return !sent.sent || (sent.origin !== null && this.isOwn(sent.origin, request));
  }
}
