import proxyAddr from '@fastify/proxy-addr';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyHttpOptions } from 'fastify';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import { parse as parseQuery } from 'node:querystring';
import { SESSION_COOKIE } from '../auth/session-cookie';
import type { RequestMeta } from '../common/request-meta';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { securityHeaderSet } from '../security/security-headers';
import { etagMatches, preferredEncoding, viewContext } from './card-page-reply';
import { PublicCardPagesService } from './public-card-pages.service';
import { requestIdOf } from './request-id';
import type { AnsweredRequest } from '../observability/request-log';

/** what the fast path reports of each request it answered: the log line and the metrics */
type Observer = (answered: AnsweredRequest) => void;

type Listener = (request: IncomingMessage, response: ServerResponse) => void;

/** answers the request itself and returns true, or returns false having written nothing */
type FastPath = (request: IncomingMessage, response: ServerResponse) => boolean;

// a plain handle, nothing percent-encoded: anything else is left to the router, which decodes it.
// no trailing slash: the router does not match /u/{handle}/ to the page, so neither does this
const CARD_PATH = /^\/u\/([A-Za-z0-9_-]{1,100})$/;

/** the trust rule fastify compiles from its trustProxy option, to read the client's address the same way */
function trustFunction(trust: AppConfig['trustProxy']): ((address: string, hop: number) => boolean) | null {
  if (trust === false || trust === 0) return null;
  if (trust === true) return () => true;
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return proxyAddr.compile(trust);
}

/**
 * the card page's hot case, a guest asking for a page already rendered, answered in the server's own
 * request listener: the framework's hook chain (cors, cookies, helmet, compression, the request id)
 * costs more than the page itself. the answer is the one the fastify route gives, header for header.
 */
export function cardPageFastPath(app: NestFastifyApplication, observe: Observer): FastPath {
  const pages = app.get(PublicCardPagesService);
  const config = app.get<symbol, AppConfig>(APP_CONFIG);
  const securityHeaders = securityHeaderSet(config);
  const trust = trustFunction(config.trustProxy);

  const clientAddress = (request: IncomingMessage): string | undefined => {
    if (!trust) return request.socket.remoteAddress;
    const addresses = proxyAddr.all(request, trust);
    return addresses[addresses.length - 1];
  };

  return (request, response) => {
    if (request.method !== 'GET' || !pages.available) return false;
    const started = performance.now();
    const url = request.url ?? '';
    const queryStart = url.indexOf('?');
    const match = CARD_PATH.exec(queryStart === -1 ? url : url.slice(0, queryStart));
    if (!match) return false;
    const { headers } = request;
    // anyone who may be signed in takes the normal route, which reads the session (the cookie's name
    // anywhere in the header is enough: a false alarm only costs the normal way)
    if (headers.authorization !== undefined || headers.cookie?.includes(SESSION_COOKIE)) return false;
    const cached = pages.cachedGuestPage(match[1]);
    if (!cached) return false;
    const { profile, page } = cached;

    const answer: Record<string, string | number> = {
      ...securityHeaders,
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'private, no-cache',
      vary: 'Cookie, Accept-Encoding',
      etag: page.etag,
    };
    let status = page.status;
    let body: Buffer | null = null;
    if (page.status === 200 && etagMatches(headers['if-none-match'], page.etag)) {
      status = 304;
    } else {
      const encoding = preferredEncoding(headers['accept-encoding']);
      if (encoding !== 'identity') answer['content-encoding'] = encoding;
      body = page.body(encoding);
      answer['content-length'] = body.length;
    }
    const requestId = requestIdOf(headers);
    answer['x-request-id'] = requestId;
    const meta: RequestMeta = {
      ip: clientAddress(request) ?? '',
      userAgent: headers['user-agent'] ?? '',
      method: 'GET',
      refererHeader: headers.referer ?? null,
    };
    const context = viewContext(queryStart === -1 ? {} : parseQuery(url.slice(queryStart + 1)));
    // everything is ready: only now is the visit counted and the answer written
    pages.recordGuestView(profile, meta, context);
    response.writeHead(status, answer);
    response.end(body ?? undefined);
    observe({
      requestId,
      method: 'GET',
      url,
      route: '/u/:handle',
      status,
      ms: performance.now() - started,
      ip: meta.ip,
    });
    return true;
  };
}

/**
 * the holder of the fast path, which needs the application's services and so is installed after the
 * application is built; until then (and on any failure in it) every request goes to fastify.
 */
export class CardPageFastPathHolder {
  private fastPath: FastPath | null = null;

  constructor(private readonly observe: Observer) {}

  install(app: NestFastifyApplication): void {
    this.fastPath = cardPageFastPath(app, this.observe);
  }

  /** fastify's serverFactory: the http server fastify would make, with the fast path in front */
  serverFactory = (handler: Listener, opts: Record<string, unknown>): Server => {
    // fastify passes its options with the defaults filled in
    const options = opts as FastifyHttpOptions<Server>;
    const listener: Listener = (request, response) => {
      const fastPath = this.fastPath;
      if (fastPath) {
        try {
          if (fastPath(request, response)) return;
        } catch {
          // the fast path writes nothing before it is sure; if it did, the answer cannot be redone
          if (response.headersSent) {
            response.destroy();
            return;
          }
        }
      }
      handler(request, response);
    };
    // the same settings fastify gives the server it makes itself
    const server = createServer(options.http ?? {}, listener);
    if (options.keepAliveTimeout !== undefined) server.keepAliveTimeout = options.keepAliveTimeout;
    if (options.requestTimeout !== undefined) server.requestTimeout = options.requestTimeout;
    server.setTimeout(options.connectionTimeout ?? 0);
    if (options.maxRequestsPerSocket) server.maxRequestsPerSocket = options.maxRequestsPerSocket;
    return server;
  };
}
