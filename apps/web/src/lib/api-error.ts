import type { FieldError } from '@cardcraft/contracts';

/** the one error every caller sees: a message, the HTTP status when there was one, the field errors */
export class ApiError extends Error {
  readonly status?: number;
  readonly details?: FieldError[] | unknown;

  constructor(message: string, status?: number, details?: FieldError[] | unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.details = details;
  }
}

/** what the HTTP client throws before normalisation; `response` is set when the server answered */
export class HttpError extends Error {
  readonly response?: { status: number; data: unknown };

  constructor(message: string, response?: { status: number; data: unknown }) {
    super(message);
    this.name = 'HttpError';
    this.response = response;
  }
}

export const NETWORK_ERROR_MESSAGE = 'Network Error';
export const ABORTED_MESSAGE = 'Request aborted';
export const timeoutMessage = (ms: number) => `timeout of ${ms}ms exceeded`;

function readErrorBody(data: unknown): { error?: string; errors?: unknown } {
  if (data === null || typeof data !== 'object') return {};
  const body = data as Record<string, unknown>;
  return {
    error: typeof body.error === 'string' && body.error.trim() !== '' ? body.error : undefined,
    errors: body.errors,
  };
}

/**
 * the message comes from the response's `error` field, else the request error's own message,
 * else 'Request failed'; the status is kept and the response's `errors` field becomes the details.
 * anything that is not an HTTP error gives its own message or 'Unexpected error'.
 */
export function normalizeError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof HttpError) {
    const body = readErrorBody(error.response?.data);
    const message = body.error ?? (error.message || 'Request failed');
    return new ApiError(message, error.response?.status, body.errors);
  }
  if (error instanceof Error) return new ApiError(error.message || 'Unexpected error');
  return new ApiError('Unexpected error');
}

/** the field errors of a 400 answer, or an empty list */
export function fieldErrorsOf(error: unknown): FieldError[] {
  const details = normalizeError(error).details;
  if (!Array.isArray(details)) return [];
  return details.filter(
    (d): d is FieldError =>
      d !== null && typeof d === 'object' && typeof d.field === 'string' && typeof d.message === 'string',
  );
}
