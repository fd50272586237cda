import { env } from '@/config/env';
import {
  ABORTED_MESSAGE,
  HttpError,
  NETWORK_ERROR_MESSAGE,
  normalizeError,
  timeoutMessage,
} from './api-error';
import { sessionStore, type Session } from './session';

export { ApiError, HttpError, fieldErrorsOf, normalizeError } from './api-error';

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** sent as JSON */
  body?: unknown;
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
async function send<T>(path: string, options: RequestOptions): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';

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
        body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
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

/** the same sign-in: a later one (another account, or again) must not be cleared by an earlier answer */
function sameSignIn(a: Session | null, b: Session | null): boolean {
  return a !== null && b !== null && a.userId === b.userId && a.expiresAtUtc === b.expiresAtUtc;
}

/** every call of the app goes through here; errors come out normalised */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const session = sessionStore.getState().session;
  try {
    return await send<T>(path, options);
  } catch (error) {
    const normalized = normalizeError(error);
    // the server no longer accepts this session (signed out elsewhere, password changed, account gone)
    if (normalized.status === 401 && sameSignIn(session, sessionStore.getState().session)) {
      sessionStore.clear();
    }
    throw normalized;
  }
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'DELETE', body }),
};

/** saves a blob as a file through a temporary link */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
