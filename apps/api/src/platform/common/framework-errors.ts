import type { FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import type { AnswerHeaders } from '../security/security-headers';

type FrameworkErrorHandler = NonNullable<FastifyServerOptions['frameworkErrors']>;

/**
 * what Fastify answers itself, before any route (or hook) runs: a path that does not decode
 * (`/api/x/%FF`). the answer takes the one error shape and the same security headers as every other,
 * and waits for the request body to be read first: answering while the client is still sending makes
 * node read the rest of the body as a second request and append a second answer to the connection.
 */
export function frameworkErrors(headers: AnswerHeaders): FrameworkErrorHandler {
  return (_error, request: FastifyRequest, reply: FastifyReply) => {
    const answer = () =>
      void reply.status(400).headers(headers.with(request.id)).send({ error: 'The address is not valid' });
    const body = request.raw;
    if (body.readableEnded) return answer();
    body.on('end', answer);
    body.on('error', answer);
    body.resume();
  };
}
