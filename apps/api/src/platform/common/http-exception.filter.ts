import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { ErrorResponse, FieldError } from '@cardcraft/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DomainError, ServiceUnavailableError, TooManyRequestsError } from './errors';

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad request',
  401: 'Authentication required',
  403: 'Forbidden',
  404: 'Not found',
  405: 'Method not allowed',
  409: 'Conflict',
  413: 'Request body is too large',
  415: 'Unsupported content type: send application/json',
  429: 'Too many requests, please slow down',
  500: 'Internal server error',
  503: 'Service unavailable',
};

/** a hook for 404s outside /api, so the SPA's routes can fall back to index.html */
export type NotFoundFallback = (request: FastifyRequest, reply: FastifyReply) => boolean;

/** one error shape for every failure: { error, errors? } */
@Catch()
export class HttpExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('HttpError');

  constructor(private readonly notFoundFallback?: NotFoundFallback) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const context = host.switchToHttp();
    this.answer(exception, context.getRequest<FastifyRequest>(), context.getResponse<FastifyReply>());
  }

  /** the failure's answer: also the error handler of the routes fastify serves without nest */
  answer(exception: unknown, request: FastifyRequest, reply: FastifyReply): void {
    const { status, body } = this.toResponse(exception);

    if (status === 404 && this.notFoundFallback?.(request, reply)) return;
    // an outage (ServiceUnavailableError) is logged once where it is noticed, not on every request
    if (status >= 500 && !(exception instanceof ServiceUnavailableError)) {
      this.logger.error(
        `${request.method} ${request.url} failed [${request.id}]`,
        (exception as Error)?.stack,
      );
    }
    if (
      (exception instanceof TooManyRequestsError || exception instanceof ServiceUnavailableError) &&
      exception.retryAfterSeconds !== undefined
    ) {
      // whole seconds, as the header wants them
      void reply.header('retry-after', String(Math.max(1, Math.ceil(exception.retryAfterSeconds))));
    }
    void reply.status(status).header('content-type', 'application/json; charset=utf-8').send(body);
  }

  private toResponse(exception: unknown): { status: number; body: ErrorResponse } {
    if (exception instanceof DomainError) {
      return { status: exception.status, body: withErrors(exception.message, exception.errors) };
    }
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const response = exception.getResponse();
      if (typeof response === 'object' && response !== null && 'error' in response) {
        const shaped = response as { error: unknown; errors?: FieldError[] };
        if (typeof shaped.error === 'string' && (shaped.errors || !('statusCode' in response))) {
          return { status, body: withErrors(shaped.error, shaped.errors) };
        }
      }
      // nest hands fastify's body-parser failures over as HttpExceptions with fastify's own text
      if (typeof response === 'string' && status === 400)
        return { status, body: { error: bodyParserMessage(response) } };
      return { status, body: { error: STATUS_TEXT[status] ?? exception.message } };
    }
    // fastify's own errors (malformed JSON, body too large, wrong content type) carry a 4xx statusCode
    const statusCode = (exception as { statusCode?: unknown })?.statusCode;
    if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) {
      const message =
        statusCode === 400 ? bodyParserMessage((exception as Error).message ?? '') : STATUS_TEXT[statusCode];
      return { status: statusCode, body: { error: message ?? 'Bad request' } };
    }
    return { status: HttpStatus.INTERNAL_SERVER_ERROR, body: { error: STATUS_TEXT[500] } };
  }
}

function bodyParserMessage(text: string): string {
  if (/not valid JSON|Unexpected token|JSON/i.test(text) && !/empty/i.test(text))
    return 'Malformed JSON in the request body';
  if (/empty/i.test(text)) return 'The request body is empty: send a JSON object';
  return STATUS_TEXT[400];
}

function withErrors(error: string, errors?: FieldError[]): ErrorResponse {
  return errors && errors.length > 0 ? { error, errors } : { error };
}
