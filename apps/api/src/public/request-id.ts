import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

/** the answer's request id: a caller's own X-Request-Id when it is a sane token, else a fresh one */
export function requestIdOf(headers: IncomingHttpHeaders): string {
  const incoming = headers['x-request-id'];
  return typeof incoming === 'string' && /^[\w-]{1,64}$/.test(incoming) ? incoming : randomUUID();
}
