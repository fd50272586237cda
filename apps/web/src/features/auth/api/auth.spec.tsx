import { act, renderHook } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { SessionStore } from '@/lib/session';
import { useLogin, useRegister } from './auth';
import { memoryStorage } from '@/test/memory-storage';
import { providers } from '@/test/providers';

const post = jest.fn();
const getProfiles = jest.fn();
jest.mock('@/lib/api-client', () => ({ api: { post: (...args: unknown[]) => post(...args) } }));
jest.mock('@/lib/profiles', () => ({ getProfiles: () => getProfiles() }));

const answer = {
  accessToken: 'token',
  expiresAtUtc: new Date(Date.now() + 3_600_000).toISOString(),
  userId: 'u1',
  email: 'ada@example.com',
  displayName: 'Ada',
};

function setup() {
  const store = new SessionStore({ storage: memoryStorage });
  store.hydrate();
  const client = new QueryClient();
  const wrapper = providers(client, store);
  const login = renderHook(() => useLogin(), { wrapper }).result;
  const register = renderHook(() => useRegister(), { wrapper }).result;
  return { store, login, register };
}

let warn: jest.SpyInstance;
beforeEach(() => {
  post.mockReset().mockResolvedValue(answer);
  getProfiles.mockReset();
  warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => warn.mockRestore());

describe('login and register', () => {
  it('after login the first profile returned becomes activeProfileHandle', async () => {
    getProfiles.mockResolvedValue([{ handle: 'first' }, { handle: 'second' }]);
    const { store, login } = setup();
    await act(() => login.current.mutateAsync({ email: 'ada@example.com', password: 'secret' }));
    expect(post).toHaveBeenCalledWith('/api/auth/login', { email: 'ada@example.com', password: 'secret' });
    expect(store.getState().session).toEqual({
      expiresAtUtc: answer.expiresAtUtc,
      userId: 'u1',
      email: 'ada@example.com',
      displayName: 'Ada',
      activeProfileHandle: 'first',
    });
  });

  it('stays empty when there are no profiles or the fetch fails (logged only)', async () => {
    getProfiles.mockResolvedValueOnce([]).mockRejectedValueOnce(new Error('Network Error'));
    const { store, login } = setup();
    await act(() => login.current.mutateAsync({ email: 'ada@example.com', password: 'secret' }));
    expect(store.getState().session?.activeProfileHandle).toBe('');
    await act(() => login.current.mutateAsync({ email: 'ada@example.com', password: 'secret' }));
    expect(store.getState().session?.activeProfileHandle).toBe('');
    expect(warn).toHaveBeenCalled();
  });

  it('register is followed by a login, with an empty activeProfileHandle', async () => {
    const { store, register } = setup();
    await act(() =>
      register.current.mutateAsync({ email: 'ada@example.com', password: 'secret', displayName: 'Ada' }),
    );
    expect(post.mock.calls.map((c) => c[0])).toEqual(['/api/auth/register', '/api/auth/login']);
    expect(post.mock.calls[0][1]).toEqual({
      email: 'ada@example.com',
      password: 'secret',
      displayName: 'Ada',
    });
    expect(store.getState().session).toMatchObject({ userId: 'u1', activeProfileHandle: '' });
    // the token stays in the server's HttpOnly cookie; the app never keeps it
    expect(store.getState().session).not.toHaveProperty('accessToken');
    expect(getProfiles).not.toHaveBeenCalled();
  });
});
