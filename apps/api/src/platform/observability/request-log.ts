import type { Logger, ServiceMetrics } from '@cardcraft/observability';

/** the routes of the public card: its page and its JSON read, counted apart as card reads */
export const PUBLIC_CARD_ROUTES: ReadonlySet<string> = new Set([
  '/u/:handle',
  '/api/public/profiles/:handle',
]);

// an API key pasted into an address by mistake (the API reads keys from the Authorization header only)
const API_KEY_IN_TEXT = /cck_[A-Za-z0-9_-]+/g;

/** the address as the log writes it: anything shaped like an API key blanked */
export function loggedUrl(url: string): string {
  return url.includes('cck_') ? url.replace(API_KEY_IN_TEXT, 'cck_[redacted]') : url;
}

export interface AnsweredRequest {
  requestId: string;
  method: string;
  url: string;
  /** the route's pattern, 'unmatched' when none matched */
  route: string;
  status: number;
  ms: number;
  ip: string;
}

/**
 * one answered request: its line in the log (at info, with the request id every hop shares) and its
 * observation in the metrics, from fastify's onResponse hook for every route.
 */
export function requestObserver(
  logger: Logger,
  metrics: ServiceMetrics,
): (answered: AnsweredRequest) => void {
  return ({ requestId, method, url, route, status, ms, ip }) => {
    metrics.observeRequest(method, route, status, ms / 1000, PUBLIC_CARD_ROUTES.has(route));
    if (logger.isLevelEnabled('info')) {
      logger.info(
        { reqId: requestId, method, url: loggedUrl(url), route, status, ms: Math.round(ms * 100) / 100, ip },
        'request',
      );
    }
  };
}
