import { apiRequest } from './api-client';
import { ApiError } from './api-error';
import { SESSION_STORAGE_KEY, sessionStore } from './session';
import { VISITOR_ID_KEY } from './storage';

jest.mock('@/config/env', () => ({ env: { apiBaseUrl: '', appOrigin: 'http://localhost' } }));

type FetchArgs = [string, RequestInit];

function answer(status: number, body: unknown) {
  const text = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);
  return { ok: status >= 200 && status < 300, status, text: async () => text, blob: async () => text };
}

describe('api client', () => {
  const fetchMock = jest.fn<Promise<ReturnType<typeof answer>>, FetchArgs>();

  beforeEach(() => {
    fetchMock.mockReset();
    (globalThis as { fetch?: unknown }).fetch = fetchMock;
    localStorage.clear();
    sessionStore.clear();
  });

  it('sends JSON without cookies, with the visitor id and, when signed in, the bearer token', async () => {
    localStorage.setItem(VISITOR_ID_KEY, 'visitor-1');
    sessionStore.set({
      accessToken: 'tok',
      expiresAtUtc: new Date(Date.now() + 60_000).toISOString(),
      userId: 'u1',
      email: 'a@example.com',
      displayName: 'A',
      activeProfileHandle: '',
    });
    fetchMock.mockResolvedValue(answer(201, { id: 'p1' }));

    await expect(apiRequest('/api/profiles', { method: 'POST', body: { handle: 'ada' } })).resolves.toEqual({
      id: 'p1',
    });

    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/profiles');
    expect(init.credentials).toBe('omit');
    expect(init.body).toBe('{"handle":"ada"}');
    expect(init.headers).toMatchObject({
      'Content-Type': 'application/json',
      Authorization: 'Bearer tok',
      'X-Visitor-Id': 'visitor-1',
    });
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).not.toBeNull();
    sessionStore.clear();
  });

  it('creates and keeps a visitor id, and sends no Authorization header when signed out', async () => {
    fetchMock.mockResolvedValue(answer(200, []));
    await apiRequest('/api/x');
    await apiRequest('/api/x');
    const first = fetchMock.mock.calls[0][1].headers as Record<string, string>;
    const second = fetchMock.mock.calls[1][1].headers as Record<string, string>;
    expect(first['X-Visitor-Id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(second['X-Visitor-Id']).toBe(first['X-Visitor-Id']);
    expect(first.Authorization).toBeUndefined();
  });

  it('omits X-Visitor-Id when storage fails', async () => {
    const spy = jest.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('blocked');
    });
    fetchMock.mockResolvedValue(answer(200, {}));
    await apiRequest('/api/x');
    expect((fetchMock.mock.calls[0][1].headers as Record<string, string>)['X-Visitor-Id']).toBeUndefined();
    spy.mockRestore();
  });

  it('normalises an error answer: message from error, status, errors as details', async () => {
    const errors = [{ field: 'handle', message: 'Handle too short' }];
    fetchMock.mockResolvedValue(answer(400, { error: 'Validation failed', errors }));
    const error = await apiRequest('/api/profiles').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: 'Validation failed', status: 400, details: errors });
  });

  it('signs out when the server rejects the bearer token', async () => {
    sessionStore.set({
      accessToken: 'stale',
      expiresAtUtc: new Date(Date.now() + 60_000).toISOString(),
      userId: 'u1',
      email: 'a@example.com',
      displayName: 'A',
      activeProfileHandle: '',
    });
    fetchMock.mockResolvedValue(answer(401, { error: 'Unauthorized' }));
    await expect(apiRequest('/api/profiles')).rejects.toMatchObject({ message: 'Unauthorized', status: 401 });
    expect(sessionStore.getState().session).toBeNull();
  });

  it("reports 'Network Error', 'Request aborted' and a timeout", async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(apiRequest('/api/x')).rejects.toMatchObject({ message: 'Network Error' });

    const rejectOnAbort = (_url: string, init: RequestInit) =>
      new Promise<ReturnType<typeof answer>>((_resolve, reject) =>
        init.signal?.addEventListener('abort', () => reject(new Error('aborted'))),
      );
    fetchMock.mockImplementationOnce(rejectOnAbort);
    const controller = new AbortController();
    const pending = apiRequest('/api/x', { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ message: 'Request aborted' });

    fetchMock.mockImplementationOnce(rejectOnAbort);
    await expect(apiRequest('/api/x', { timeoutMs: 10 })).rejects.toMatchObject({
      message: 'timeout of 10ms exceeded',
    });
  });
});
