import type { FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';

/**
 * what Fastify answers itself, before any route runs: a path that does not decode (`/api/x/%FF`).
 * the answer takes the one error shape, and waits for the request body to be read first: answering
 * while the client is still sending makes node read the rest of the body as a second request and
 * append a second answer to a connection that said it was closing.
 */
export const frameworkErrors: NonNullable<FastifyServerOptions['frameworkErrors']> = (
  _error,
  request: FastifyRequest,
  reply: FastifyReply,
) => {
  const answer = () => void reply.status(400).send({ error: 'The address is not valid' });
  const body = request.raw;
  if (body.readableEnded) return answer();
  body.on('end', answer);
  body.on('error', answer);
  body.resume();
};
