import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SameSiteOrigins } from '../auth/same-site';
import type { HttpExceptionFilter } from '../common/http-exception.filter';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
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

function send(request: FastifyRequest, reply: FastifyReply, answer: CardAnswer): FastifyReply {
  const written = writtenAnswer(answer, request.headers);
  return reply
    .status(written.status)
    .headers(written.headers)
    .send(written.body ?? undefined);
}

/**
 * every address of a card, as plain fastify routes (no guard chain, no pipes: the pipeline does what
 * they would, in its own order), each handing the request to the one CardVisitPipeline and writing
 * its answer. fastify answers HEAD with the GET route's headers; a failure is answered by the one
 * exception filter, as a nest route's is.
 */
export function registerCardRoutes(app: NestFastifyApplication, errors: HttpExceptionFilter): void {
  const pipeline = app.get(CardVisitPipeline);
  const origins = new SameSiteOrigins(app.get<symbol, AppConfig>(APP_CONFIG));
  const fastify = app.getHttpAdapter().getInstance();
  const options = {
    // the pipeline's answers come compressed as the browser accepts: not again by the compression hook
    compress: false,
    errorHandler: (error: unknown, request: FastifyRequest, reply: FastifyReply) =>
      errors.answer(error, request, reply),
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
