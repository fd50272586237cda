import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eventually } from '../../platform/testing/eventually';

export interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** the parsed body */
  json: { type: string; timestamp: string; version: number; data: Record<string, unknown> };
}

/** what the receiver answers next at a path: a status, or a hold until the test lets it go */
type Answer = number | { hold: Promise<void>; status: number };

/**
 * a webhook receiver on a loopback port, as a customer's would be: it records each request and answers
 * 204 unless told otherwise for a path (each told answer once, in order)
 */
export async function startReceiver() {
  const received: Received[] = [];
  const answers = new Map<string, Answer[]>();
  const open = new Set<ServerResponse>();
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const path = request.url ?? '/';
      received.push({ path, headers: request.headers, body, json: JSON.parse(body) as Received['json'] });
      const answer = answers.get(path)?.shift() ?? 204;
      const reply = (status: number) => {
        open.delete(response);
        response
          .writeHead(status, { 'content-type': 'text/plain' })
          .end(status >= 400 ? `failed with ${status}` : '');
      };
      if (typeof answer === 'number') reply(answer);
      else {
        open.add(response);
        void answer.hold.then(() => reply(answer.status));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  let paths = 0;
  return {
    port,
    /** a fresh address on this receiver, so each test reads only its own deliveries */
    url: (name = 'hook') => `http://127.0.0.1:${port}/${name}-${++paths}`,
    pathOf: (url: string) => new URL(url).pathname,
    answer(url: string, ...next: Answer[]) {
      const path = new URL(url).pathname;
      answers.set(path, [...(answers.get(path) ?? []), ...next]);
    },
    at: (url: string) => received.filter((one) => one.path === new URL(url).pathname),
    /** waits until `count` deliveries reached the address */
    async waitFor(url: string, count = 1, timeoutMs = 10_000): Promise<Received[]> {
      return eventually(
        async () => received.filter((one) => one.path === new URL(url).pathname),
        (found) => found.length >= count,
        timeoutMs,
      );
    },
    async close() {
      for (const response of open) response.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type Receiver = Awaited<ReturnType<typeof startReceiver>>;

/**
 * a receiver's check, as the Standard Webhooks libraries do it: the timestamp within five minutes,
 * then any v1 signature equal (in constant time) to the HMAC of id.timestamp.body with the secret
 */
export function verifySignature(received: Received, secret: string, now = Date.now()): boolean {
  const id = String(received.headers['webhook-id']);
  const timestamp = Number(received.headers['webhook-timestamp']);
  if (!Number.isInteger(timestamp) || Math.abs(now / 1000 - timestamp) > 300) return false;
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${received.body}`).digest();
  return String(received.headers['webhook-signature'])
    .split(' ')
    .some((entry) => {
      const [version, signature] = entry.split(',');
      const given = Buffer.from(signature ?? '', 'base64');
      return version === 'v1' && given.length === expected.length && timingSafeEqual(given, expected);
    });
}
