import { ApiError, HttpError, fieldErrorsOf, normalizeError, timeoutMessage } from './api-error';

describe('normalizeError', () => {
  it("takes the message from the response's error field and keeps status and errors as details", () => {
    const errors = [{ field: 'contact.email', message: 'Enter a valid email' }];
    const result = normalizeError(
      new HttpError('Request failed with status code 400', {
        status: 400,
        data: { error: 'Validation failed', errors },
      }),
    );
    expect(result).toBeInstanceOf(ApiError);
    expect(result.message).toBe('Validation failed');
    expect(result.status).toBe(400);
    expect(result.details).toEqual(errors);
    expect(fieldErrorsOf(result)).toEqual(errors);
  });

  it("falls back to the request error's own message when the body has no error field", () => {
    const result = normalizeError(
      new HttpError('Request failed with status code 502', { status: 502, data: '<html>bad gateway</html>' }),
    );
    expect(result.message).toBe('Request failed with status code 502');
    expect(result.status).toBe(502);
    expect(result.details).toBeUndefined();
  });

  it("says 'Request failed' when neither the body nor the request error has a message", () => {
    const result = normalizeError(new HttpError('', { status: 500, data: { error: '' } }));
    expect(result.message).toBe('Request failed');
    expect(result.status).toBe(500);
  });

  it("reports 'Network Error', 'Request aborted' and timeouts without a status", () => {
    expect(normalizeError(new HttpError('Network Error')).message).toBe('Network Error');
    expect(normalizeError(new HttpError('Request aborted')).message).toBe('Request aborted');
    const timeout = normalizeError(new HttpError(timeoutMessage(1500)));
    expect(timeout.message).toBe('timeout of 1500ms exceeded');
    expect(timeout.status).toBeUndefined();
  });

  it("uses a non-HTTP error's own message, else 'Unexpected error'", () => {
    expect(normalizeError(new Error('No active profile')).message).toBe('No active profile');
    expect(normalizeError(new Error('')).message).toBe('Unexpected error');
    expect(normalizeError('boom').message).toBe('Unexpected error');
    expect(normalizeError(undefined).message).toBe('Unexpected error');
    expect(normalizeError(new Error('x')).status).toBeUndefined();
  });

  it('passes an already normalised error through unchanged', () => {
    const error = new ApiError('Profile not found', 404);
    expect(normalizeError(error)).toBe(error);
  });

  it('ignores details that are not field errors', () => {
    expect(fieldErrorsOf(new ApiError('x', 400, 'nope'))).toEqual([]);
    expect(fieldErrorsOf(new Error('x'))).toEqual([]);
  });
});
