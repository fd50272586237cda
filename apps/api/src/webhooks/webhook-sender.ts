import { request as httpRequest, type IncomingMessage, type RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { WebhookLimits } from '@cardcraft/contracts';
import { literalAddress, RefusedAddressError, resolvePublic } from './address-guard';

export interface SendOutcome {
  ok: boolean;
  responseStatus: number | null;
  durationMs: number;
  responseExcerpt: string | null;
  /** what went wrong, in the words the log shows */
  error: string | null;
}

export interface SendOptions {
  timeoutMs: number;
  allowPrivate: boolean;
}

/**
 * the address check at the moment of connecting: the name is resolved once, every address checked,
 * and the connection goes to the checked address (no second resolution a rebinding name could change)
 */
function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    resolvePublic(hostname, allowPrivate).then(
      (addresses) => {
        if (options.all) callback(null, addresses);
        else callback(null, addresses[0].address, addresses[0].family);
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 0),
    );
  };
}

/** the first bytes of the answer, then the connection is dropped: nothing more is kept */
function excerptOf(response: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = () =>
      resolve(Buffer.concat(chunks).subarray(0, WebhookLimits.responseExcerptMax).toString('utf8'));
    response.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.length;
      if (size >= WebhookLimits.responseExcerptMax) {
        response.destroy();
        done();
      }
    });
    response.on('end', done);
    response.on('error', done);
    response.on('close', done);
  });
}

function describeFailure(error: unknown, timeoutMs: number): string {
  if (error instanceof RefusedAddressError) {
    return `Not sent: the address resolves to a private or local address (${error.address})`;
  }
  const { code, message } = error as NodeJS.ErrnoException;
  if (code === 'ETIMEDOUT') return `No answer within ${timeoutMs / 1000} s`;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'The address’s host name could not be resolved';
  if (code === 'ECONNREFUSED') return 'The connection was refused';
  return `Could not connect: ${code ?? message}`;
}

/**
 * one attempt: a POST of the body with the headers, redirects not followed, within the timeout from
 * the connection to the last byte. never throws: every outcome is an answer for the log.
 */
export async function sendWebhook(
  url: string,
  headers: Record<string, string>,
  body: string,
  options: SendOptions,
): Promise<SendOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const target = new URL(url);
  try {
    // a literal address is never looked up, so it is checked here
    if (literalAddress(target.hostname)) await resolvePublic(target.hostname, options.allowPrivate);
    const request = target.protocol === 'https:' ? httpsRequest : httpRequest;
    const requestOptions: RequestOptions = {
      method: 'POST',
      headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
      lookup: guardedLookup(options.allowPrivate),
      // a connection of its own each time: no socket opened for an address checked earlier is reused
      agent: false,
    };
    const { status, excerpt } = await new Promise<{ status: number; excerpt: string }>((resolve, reject) => {
      const outgoing = request(target, requestOptions, (response) => {
        excerptOf(response).then(
          (text) => resolve({ status: response.statusCode ?? 0, excerpt: text }),
          reject,
        );
      });
      const timer = setTimeout(() => {
        outgoing.destroy(Object.assign(new Error('timed out'), { code: 'ETIMEDOUT' }));
      }, options.timeoutMs);
      outgoing.on('close', () => clearTimeout(timer));
      outgoing.on('error', reject);
      outgoing.end(body);
    });
    const ok = status >= 200 && status < 300;
    const redirect = status >= 300 && status < 400 ? ' (redirects are not followed)' : '';
    return {
      ok,
      responseStatus: status,
      durationMs: elapsed(),
      responseExcerpt: excerpt || null,
      error: ok ? null : `The endpoint answered ${status}${redirect}`,
    };
  } catch (error) {
    return {
      ok: false,
      responseStatus: null,
      durationMs: elapsed(),
      responseExcerpt: null,
      error: describeFailure(error, options.timeoutMs),
    };
  }
}
