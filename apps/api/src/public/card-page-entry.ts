import proxyAddr from '@fastify/proxy-addr';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyHttpOptions } from 'fastify';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { AppConfig } from '../platform/config/app-config';
import type { AnsweredRequest } from '../platform/observability/request-log';
import type { AnswerHeaders } from '../platform/security/security-headers';
import { writtenAnswer, type CardAnswer } from './card-answer';
import type { CardRequest } from './card-request';
import { CARD_ROUTES } from './card-routes';
import { CardVisitPipeline } from './card-visit.pipeline';
import { requestIdOf } from './request-id';

type Listener = (request: IncomingMessage, response: ServerResponse) => void;

/** answers the request and returns true, or returns false having written nothing */
type Entry = (request: IncomingMessage, response: ServerResponse) => boolean;

// a plain handle, nothing percent-encoded: anything else is left to the router, which decodes it.
// no trailing slash: the router does not match /u/{handle}/ to the page, so neither does this
const HANDLE = '([A-Za-z0-9_-]{1,100})';

/** the addresses answered here: the card's page and its JSON read, each by the pipeline's early call */
const EARLY_ANSWERS: ReadonlyArray<{
  path: RegExp;
  route: string;
  answer: (pipeline: CardVisitPipeline, card: CardRequest) => CardAnswer | null;
}> = [
  { path: new RegExp(`^/u/${HANDLE}$`), route: CARD_ROUTES.page, answer: (p, card) => p.pageNow(card) },
  {
    path: new RegExp(`^/api/public/profiles/${HANDLE}$`),
    route: CARD_ROUTES.json,
    answer: (p, card) => p.cardJsonNow(card),
  },
];

/** which early answer an address has, with the handle it names; null: the router's */
function earlyAnswerOf(path: string): { early: (typeof EARLY_ANSWERS)[number]; handle: string } | null {
  for (const early of EARLY_ANSWERS) {
    const match = early.path.exec(path);
    if (match) return { early, handle: match[1] as string };
  }
  return null;
}

/** the rule fastify compiles from its trustProxy option, to read the client's address the same way */
function trustFunction(trust: AppConfig['trustProxy']): ((address: string, hop: number) => boolean) | null {
  if (trust === false || trust === 0) return null;
  if (trust === true) return () => true;
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return proxyAddr.compile(trust);
}

/**
 * the card pipeline's second entry, in the http server's own listener: a GET of /u/{handle} goes to
 * CardVisitPipeline.pageNow(), which answers a guest whose page is kept without waiting, and a GET of
 * the card's JSON read to cardJsonNow(), likewise; any other request, or a null, goes on to fastify,
 * whose route calls the same pipeline. it pays for itself:
 * without fastify's hooks a kept page costs less cpu (docs/decisions/001-card-page-entry.md).
 * the answer is written by the same writtenAnswer() with the same AnswerHeaders as the route's, and
 * observed by the same request observer as fastify's onResponse hook.
 */
export class CardPageEntry {
  private entry: Entry | null = null;

  constructor(
    private readonly config: AppConfig,
    private readonly headers: AnswerHeaders,
    private readonly observe: (answered: AnsweredRequest) => void,
  ) {}

  /** from here on the pipeline answers what it can here; until then every request goes to fastify */
  install(app: NestFastifyApplication): void {
    const pipeline = app.get(CardVisitPipeline);
    const trust = trustFunction(this.config.trustProxy);
    const clientAddress = (request: IncomingMessage): string => {
      if (!trust) return request.socket.remoteAddress ?? '';
      const addresses = proxyAddr.all(request, trust);
      return addresses[addresses.length - 1] ?? '';
    };
    this.entry = (request, response) => {
      if (request.method !== 'GET') return false;
      const started = performance.now();
      const url = request.url ?? '';
      const queryStart = url.indexOf('?');
      const path = queryStart < 0 ? url : url.slice(0, queryStart);
      const found = earlyAnswerOf(path);
      if (!found) return false;
      const { early, handle } = found;
      const card: CardRequest = {
        method: 'GET',
        handle,
        headers: request.headers,
        search: queryStart < 0 ? '' : url.slice(queryStart + 1),
        ip: clientAddress(request),
      };
      const answer = early.answer(pipeline, card);
      if (!answer) return false;
      const written = writtenAnswer(answer, request.headers);
      const requestId = requestIdOf(request.headers);
      const pairs = this.headers.pairs(requestId, answer.contentSecurityPolicy);
      for (const [name, value] of Object.entries(written.headers)) pairs.push(name, String(value));
      response.writeHead(written.status, pairs);
      response.end(written.body ?? undefined);
      this.observe({
        requestId,
        method: 'GET',
        url,
        route: early.route,
        status: written.status,
        ms: performance.now() - started,
        ip: card.ip,
      });
      return true;
    };
  }

  /** fastify's serverFactory: the http server fastify would make, with this entry in front */
  serverFactory = (handler: Listener, opts: Record<string, unknown>): Server => {
    // fastify passes its options with the defaults filled in
    const options = opts as FastifyHttpOptions<Server>;
    const listener: Listener = (request, response) => {
      const entry = this.entry;
      if (entry) {
        try {
          if (entry(request, response)) return;
        } catch {
          // nothing is written before the answer is whole; if something was, it cannot be redone
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
