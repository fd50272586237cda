import { SESSION_STORAGE_KEY, SessionStore, sessionFrom, type Session } from './session';
import { memoryStorage } from '@/test/memory-storage';

const NOW = Date.parse('2026-11-22T10:00:00.000Z');

function session(expiresAtUtc: string): Session {
  return {
    expiresAtUtc,
    userId: 'u1',
    email: 'ada@example.com',
    displayName: 'Ada Lovelace',
    activeProfileHandle: 'ada',
  };
}

describe('session store', () => {
  let warn: jest.SpyInstance;

  beforeEach(() => {
    jest.useFakeTimers();
    jest.setSystemTime(NOW);
    warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  });

  afterEach(() => {
    jest.useRealTimers();
    warn.mockRestore();
  });

  it('is not hydrated until the stored session has been read', () => {
    const store = new SessionStore({ storage: () => memoryStorage() });
    expect(store.getState()).toEqual({ session: null, hydrated: false });
    store.hydrate();
    expect(store.getState()).toEqual({ session: null, hydrated: true });
  });

  it('restores a stored session at start and keeps it until it expires', () => {
    const stored = session('2026-11-22T11:00:00.000Z');
    const storage = memoryStorage({ [SESSION_STORAGE_KEY]: JSON.stringify(stored) });
    const store = new SessionStore({ storage: () => storage });
    store.hydrate();
    expect(store.getState().session).toEqual(stored);
    expect(store.getState().hydrated).toBe(true);
  });

  it('clears the session when the timer reaches expiresAtUtc', () => {
    const storage = memoryStorage();
    const store = new SessionStore({ storage: () => storage });
    const onClear = jest.fn();
    store.onClear(onClear);
    store.hydrate();
    store.set(session('2026-11-22T10:00:05.000Z'));
    expect(JSON.parse(storage.getItem(SESSION_STORAGE_KEY) ?? 'null')).toMatchObject({
      userId: 'u1',
      expiresAtUtc: '2026-11-22T10:00:05.000Z',
    });

    jest.advanceTimersByTime(4_999);
    expect(store.getState().session).not.toBeNull();
    expect(onClear).not.toHaveBeenCalled();

    jest.advanceTimersByTime(1);
    expect(store.getState().session).toBeNull();
    expect(storage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(onClear).toHaveBeenCalledTimes(1);
  });

  it('clears an already-past session at once, when set and when restored', () => {
    const past = session('2026-11-22T09:59:59.000Z');
    const storage = memoryStorage();
    const store = new SessionStore({ storage: () => storage });
    store.hydrate();
    store.set(past);
    expect(store.getState().session).toBeNull();
    expect(storage.getItem(SESSION_STORAGE_KEY)).toBeNull();

    const stored = memoryStorage({ [SESSION_STORAGE_KEY]: JSON.stringify(past) });
    const restored = new SessionStore({ storage: () => stored });
    restored.hydrate();
    expect(restored.getState()).toEqual({ session: null, hydrated: true });
    expect(stored.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });

  it('drops an unparseable stored session and only logs it', () => {
    const storage = memoryStorage({ [SESSION_STORAGE_KEY]: '{not json' });
    const store = new SessionStore({ storage: () => storage });
    expect(() => store.hydrate()).not.toThrow();
    expect(store.getState()).toEqual({ session: null, hydrated: true });
    expect(storage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(warn).toHaveBeenCalled();
  });

  it('drops a stored value that is JSON but not a session', () => {
    const storage = memoryStorage({ [SESSION_STORAGE_KEY]: JSON.stringify({ userId: 42 }) });
    const store = new SessionStore({ storage: () => storage });
    store.hydrate();
    expect(store.getState().session).toBeNull();
    expect(storage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });

  it('re-arms the timer for sessions longer than the longest timeout', () => {
    const store = new SessionStore({ storage: () => memoryStorage() });
    store.hydrate();
    const expires = new Date(NOW + 40 * 24 * 3600_000).toISOString();
    store.set(session(expires));
    jest.advanceTimersByTime(30 * 24 * 3600_000);
    expect(store.getState().session).not.toBeNull();
    jest.advanceTimersByTime(10 * 24 * 3600_000);
    expect(store.getState().session).toBeNull();
  });

  it('logout clears the session and notifies the cache', () => {
    const store = new SessionStore({ storage: () => memoryStorage() });
    const onClear = jest.fn();
    store.onClear(onClear);
    store.hydrate();
    store.set(session('2026-11-22T11:00:00.000Z'));
    store.clear();
    expect(store.getState().session).toBeNull();
    expect(onClear).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(3_600_000);
    expect(onClear).toHaveBeenCalledTimes(1);
  });

  it('never keeps an access token: a sign-in answer and a stray field are both stripped of it', () => {
    const storage = memoryStorage();
    const store = new SessionStore({ storage: () => storage });
    store.hydrate();
    const answer = {
      accessToken: 'secret-token',
      expiresAtUtc: '2026-11-22T11:00:00.000Z',
      userId: 'u1',
      email: 'ada@example.com',
      displayName: 'Ada Lovelace',
    };
    store.set(sessionFrom(answer, 'ada'));
    expect(store.getState().session).toEqual({
      expiresAtUtc: '2026-11-22T11:00:00.000Z',
      userId: 'u1',
      email: 'ada@example.com',
      displayName: 'Ada Lovelace',
      activeProfileHandle: 'ada',
    });
    store.set({ ...session('2026-11-22T11:00:00.000Z'), accessToken: 'stray' } as Session);
    expect(store.getState().session).not.toHaveProperty('accessToken');
    expect(storage.getItem(SESSION_STORAGE_KEY)).not.toContain('token');
  });

  it('drops a session stored with a token before sign-in set the cookie (the server would refuse it)', () => {
    const old = { ...session('2026-11-22T11:00:00.000Z'), accessToken: 'token-1' };
    const storage = memoryStorage({ [SESSION_STORAGE_KEY]: JSON.stringify(old) });
    const store = new SessionStore({ storage: () => storage });
    store.hydrate();
    expect(store.getState()).toEqual({ session: null, hydrated: true });
    expect(storage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });
});
