// the api client's transport: urls, requests, answers and errors, without the session. the app
// calls it through api-client.ts (which adds the session); the public card's small script, which
// must not load React, sends through it directly.
import { env } from '@/config/env';
import { ABORTED_MESSAGE, HttpError, NETWORK_ERROR_MESSAGE, timeoutMessage } from './api-error';

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** sent as JSON */
  body?: unknown;
  /** sent as it is, with its own type (an image upload); instead of body */
  rawBody?: Blob;
  query?: Record<string, QueryValue>;
  signal?: AbortSignal;
  /** no timeout unless asked for */
  timeoutMs?: number;
  /** how to read a successful answer; json by default */
  responseType?: 'json' | 'blob' | 'text';
  headers?: Record<string, string>;
}

export function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const qs = search.toString();
  return `${env.apiBaseUrl}${path}${qs ? `?${qs}` : ''}`;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** the raw request: throws HttpError for network failures, aborts, timeouts and non-2xx answers */
export async function send<T>(path: string, options: RequestOptions): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (options.rawBody !== undefined)
    headers['Content-Type'] = options.rawBody.type || 'application/octet-stream';
  else if (options.body !== undefined) headers['Content-Type'] = 'application/json';

  const controller = new AbortController();
  let timedOut = false;
  const onAbort = () => controller.abort();
  if (options.signal?.aborted) controller.abort();
  options.signal?.addEventListener('abort', onAbort, { once: true });
  const timer =
    options.timeoutMs && options.timeoutMs > 0
      ? setTimeout(() => {
          timedOut = true;
          controller.abort();
        }, options.timeoutMs)
      : null;

  try {
    let response: Response;
    try {
      response = await fetch(buildUrl(path, options.query), {
        method: options.method ?? 'GET',
        headers,
        body: options.rawBody ?? (options.body !== undefined ? JSON.stringify(options.body) : undefined),
        // the session travels in the HttpOnly cookie the API (same origin) set at sign-in
        credentials: 'same-origin',
        signal: controller.signal,
      });
    } catch {
      if (timedOut) throw new HttpError(timeoutMessage(options.timeoutMs ?? 0));
      if (controller.signal.aborted) throw new HttpError(ABORTED_MESSAGE);
      throw new HttpError(NETWORK_ERROR_MESSAGE);
    }
    if (!response.ok) {
      const data = await readBody(response);
      throw new HttpError(`Request failed with status code ${response.status}`, {
        status: response.status,
        data,
      });
    }
    if (options.responseType === 'blob') return (await response.blob()) as T;
    if (options.responseType === 'text') return (await response.text()) as T;
    return (await readBody(response)) as T;
  } finally {
    if (timer) clearTimeout(timer);
    options.signal?.removeEventListener('abort', onAbort);
  }
}

/**
 * a POST that survives the page being left (a mail app, a new tab, a download): sendBeacon, else a
 * keepalive fetch. fire and forget: it never throws and nothing waits for it.
 */
export function beacon(path: string, body: unknown): void {
  const url = buildUrl(path);
  const json = JSON.stringify(body);
  try {
    const blob = new Blob([json], { type: 'application/json' });
    if (typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(url, blob)) return;
    void fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: json,
      credentials: 'same-origin',
      keepalive: true,
    }).catch(() => undefined);
  } catch {
    // best effort: a beacon must never break the page
  }
}
