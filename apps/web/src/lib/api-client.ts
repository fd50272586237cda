import { normalizeError } from './api-error';
import { send, type RequestOptions } from './api-transport';
import { sessionStore, type Session } from './session';

export { ApiError, HttpError, fieldErrorsOf, normalizeError } from './api-error';
export { buildUrl, type QueryValue, type RequestOptions } from './api-transport';

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
