import { apiRequest } from './api-client';
import { ApiError } from './api-error';
import { SESSION_STORAGE_KEY, sessionStore, type Session } from './session';

jest.mock('@/config/env', () => ({ env: { apiBaseUrl: '', appOrigin: 'http://localhost' } }));

type FetchArgs = [string, RequestInit];

function signedIn(userId = 'u1'): Session {
  return {
    expiresAtUtc: new Date(Date.now() + 60_000).toISOString(),
    userId,
    email: `${userId}@example.com`,
    displayName: 'A',
    activeProfileHandle: '',
  };
}

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

  it('sends JSON with same-origin credentials and no Authorization or visitor header, signed in or not', async () => {
    fetchMock.mockResolvedValue(answer(201, { id: 'p1' }));
    await apiRequest('/api/x');
    sessionStore.set(signedIn());

    await expect(apiRequest('/api/profiles', { method: 'POST', body: { handle: 'ada' } })).resolves.toEqual({
      id: 'p1',
    });

    for (const [url, init] of fetchMock.mock.calls) {
      expect(url).toMatch(/^\/api\//);
      // the session cookie goes with every call to the API (same origin); no token is read or sent
      expect(init.credentials).toBe('same-origin');
      const names = Object.keys(init.headers as Record<string, string>).map((name) => name.toLowerCase());
      expect(names).not.toContain('authorization');
      expect(names).not.toContain('x-visitor-id');
    }
    const [, init] = fetchMock.mock.calls[1];
    expect(init.body).toBe('{"handle":"ada"}');
    expect(init.headers).toMatchObject({ 'Content-Type': 'application/json' });
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).not.toContain('token');
    expect(localStorage.getItem('cardcraft.visitor-id')).toBeNull();
    sessionStore.clear();
  });

  it('normalises an error answer: message from error, status, errors as details', async () => {
    const errors = [{ field: 'handle', message: 'Handle too short' }];
    fetchMock.mockResolvedValue(answer(400, { error: 'Validation failed', errors }));
    const error = await apiRequest('/api/profiles').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: 'Validation failed', status: 400, details: errors });
  });

  it('signs out when the server no longer accepts the session', async () => {
    sessionStore.set(signedIn());
    fetchMock.mockResolvedValue(answer(401, { error: 'Authentication required' }));
    await expect(apiRequest('/api/profiles')).rejects.toMatchObject({
      message: 'Authentication required',
      status: 401,
    });
    expect(sessionStore.getState().session).toBeNull();
  });

  it('keeps the session when the server cannot be reached: offline, the dashboard stays signed in', async () => {
    sessionStore.set(signedIn());
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(apiRequest('/api/auth/me')).rejects.toMatchObject({ message: 'Network Error' });
    expect(sessionStore.getState().session?.userId).toBe('u1');
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toContain('"userId":"u1"');
  });

  it('keeps a newer sign-in when an answer from before it comes back 401', async () => {
    sessionStore.set(signedIn('old'));
    let answerLater: (value: ReturnType<typeof answer>) => void = () => undefined;
    fetchMock.mockImplementationOnce(() => new Promise((resolve) => (answerLater = resolve)));
    const pending = apiRequest('/api/profiles');
    sessionStore.set(signedIn('new'));
    answerLater(answer(401, { error: 'Authentication required' }));
    await expect(pending).rejects.toMatchObject({ status: 401 });
    expect(sessionStore.getState().session?.userId).toBe('new');
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
