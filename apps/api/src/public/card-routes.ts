import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SameSiteOrigins } from '../auth/same-site';
import type { HttpExceptionFilter } from '../platform/common/http-exception.filter';
import type { AnswerHeaders, WritesAnswerHeaders } from '../platform/security/security-headers';
import { APP_CONFIG, type AppConfig } from '../platform/config/app-config';
import { writtenAnswer, type CardAnswer } from './card-answer';
import type { CardRequest } from './card-request';
import { CardVisitPipeline } from './card-visit.pipeline';
import type { PostedMessageForm } from './message-forms.service';

/** what a card route's request gives the pipeline */
type CardRoute = Pick<FastifyRequest, 'method' | 'url' | 'headers' | 'ip'> & { params: { handle: string } };

/** the card's public addresses: outside the api prefix, but for the JSON read */
export const CARD_ROUTES = {
  page: '/u/:handle',
  contactFile: '/u/:handle/contact.vcf',
  message: '/u/:handle/message',
  preview: '/u/:handle/preview.png',
  json: '/api/public/profiles/:handle',
} as const;

export function cardRequestOf(request: CardRoute): CardRequest {
  const { url } = request;
  const query = url.indexOf('?');
  return {
    method: request.method,
    handle: request.params.handle,
    headers: request.headers,
    search: query < 0 ? '' : url.slice(query + 1),
    ip: request.ip,
  };
}

/**
 * the card's answer written in one go: every answer's headers (AnswerHeaders), the answer's own
 * (writtenAnswer) and whatever a hook of the application put on this reply, as one list of pairs.
 * fastify still observes the answer as it ends (onResponse: the request's line and its metrics).
 */
function sender(headers: AnswerHeaders) {
  return (request: FastifyRequest, reply: FastifyReply, answer: CardAnswer): FastifyReply => {
    const written = writtenAnswer(answer, request.headers);
    const pairs = headers.pairs(request.id, answer.contentSecurityPolicy);
    for (const [name, value] of Object.entries(written.headers)) pairs.push(name, String(value));
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (value !== undefined) pairs.push(name, String(value));
    }
    void reply.hijack();
    reply.raw.writeHead(written.status, pairs);
    // a HEAD is answered with the headers the GET would have
    reply.raw.end(request.method === 'HEAD' ? undefined : (written.body ?? undefined));
    return reply;
  };
}

/**
 * every address of a card, as plain fastify routes (no guard chain, no pipes: the pipeline does what
 * they would, in its own order), each handing the request to the one CardVisitPipeline and writing
 * its answer. fastify answers HEAD with the GET route's headers; a failure is answered by the one
 * exception filter, as a nest route's is.
 */
export function registerCardRoutes(
  app: NestFastifyApplication,
  headers: AnswerHeaders,
  errors: HttpExceptionFilter,
): void {
  const pipeline = app.get(CardVisitPipeline);
  const origins = new SameSiteOrigins(app.get<symbol, AppConfig>(APP_CONFIG));
  const fastify = app.getHttpAdapter().getInstance();
  const send = sender(headers);
  const options = {
    // the pipeline's answers come compressed as the browser accepts: not again by the compression
    // hook; and no browser compresses what it sends a card
    compress: false,
    decompress: false,
    config: { writesAnswerHeaders: true } satisfies WritesAnswerHeaders,
    errorHandler: (error: unknown, request: FastifyRequest, reply: FastifyReply) => {
      // a failure is answered by fastify as any route's: with every answer's headers
      headers.apply(reply.raw, request.id);
      errors.answer(error, request, reply);
    },
  } as const;

  fastify.get<{ Params: { handle: string } }>(CARD_ROUTES.page, options, async (request, reply) =>
    send(request, reply, await pipeline.page(cardRequestOf(request))),
  );
  fastify.get<{ Params: { handle: string } }>(CARD_ROUTES.contactFile, options, async (request, reply) =>
    send(request, reply, await pipeline.contactFile(cardRequestOf(request))),
  );
  fastify.get<{ Params: { handle: string }; Querystring: { v?: unknown } }>(
    CARD_ROUTES.preview,
    options,
    async (request, reply) =>
      send(request, reply, await pipeline.preview(cardRequestOf(request), request.query.v)),
  );
  fastify.get<{ Params: { handle: string } }>(CARD_ROUTES.json, options, async (request, reply) =>
    send(request, reply, await pipeline.cardJson(cardRequestOf(request), request.query)),
  );
  fastify.post<{ Params: { handle: string }; Body: PostedMessageForm | undefined }>(
    CARD_ROUTES.message,
    options,
    async (request, reply) => {
      // a signed-in visitor's form must come from our own page, as every change made with the cookie
      const posted = { ...cardRequestOf(request), fromOwnPage: origins.allowsCookieChange(request) };
      return send(request, reply, await pipeline.message(posted, request.body ?? {}));
    },
  );
}
