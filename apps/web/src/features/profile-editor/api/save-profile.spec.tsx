import { act, renderHook } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import type { ProfileResponse } from '@cardcraft/contracts';
import { queryKeys } from '@/lib/query-client';
import { SessionStore, type Session } from '@/lib/session';
import { emptyProfileValues, toProfileInput } from '../utils/profile-form';
import { useSaveProfile } from './save-profile';
import { memoryStorage } from '@/test/memory-storage';
import { providers } from '@/test/providers';

const post = jest.fn();
const put = jest.fn();
jest.mock('@/lib/api-client', () => ({
  api: { post: (...args: unknown[]) => post(...args), put: (...args: unknown[]) => put(...args) },
}));

function profile(patch: Partial<ProfileResponse> = {}): ProfileResponse {
  return { id: 'p1', handle: 'ada', displayName: 'Ada Lovelace', ...patch } as ProfileResponse;
}

function setup(activeProfileHandle: string | null) {
  const store = new SessionStore({ storage: memoryStorage });
  store.hydrate();
  if (activeProfileHandle !== null) {
    const session: Session = {
      expiresAtUtc: new Date(Date.now() + 3_600_000).toISOString(),
      userId: 'u1',
      email: 'ada@example.com',
      displayName: 'Ada',
      activeProfileHandle,
    };
    store.set(session);
  }
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = providers(client, store);
  const { result } = renderHook(() => useSaveProfile(), { wrapper });
  return { result, client, store };
}

const body = toProfileInput({ ...emptyProfileValues(), handle: 'ada', displayName: 'Ada Lovelace' });

afterEach(() => {
  post.mockReset();
  put.mockReset();
});

describe('useSaveProfile', () => {
  it('create: saves, makes the new handle the active one and sets the caches', async () => {
    const created = profile({ handle: 'ada-new' });
    post.mockResolvedValue(created);
    const { result, client, store } = setup('');
    client.setQueryData(queryKeys.profiles, []);
    await act(() => result.current.mutateAsync({ mode: 'create', body }));
    expect(post).toHaveBeenCalledWith('/api/profiles', body);
    expect(store.getState().session?.activeProfileHandle).toBe('ada-new');
    expect(client.getQueryData(['profile-by-handle', 'ada-new'])).toEqual(created);
    expect(client.getQueryData(queryKeys.profile('p1'))).toEqual(created);
    expect(client.getQueryData(queryKeys.profiles)).toEqual([created]);
  });

  it('edit with a changed handle: drops the old handle, refreshes summary, list and profile by id', async () => {
    const before = profile();
    const after = profile({ handle: 'ada-renamed' });
    put.mockResolvedValue(after);
    const { result, client, store } = setup('ada');
    client.setQueryData(['profile-by-handle', 'ada'], before);
    client.setQueryData(queryKeys.publicProfile('ada'), before);
    client.setQueryData(queryKeys.profiles, [before]);
    client.setQueryData(queryKeys.visitSummary('p1', { from: 'a', to: 'b' }), { totalVisits: 1 });
    await act(() => result.current.mutateAsync({ mode: 'edit', profile: before, body }));
    expect(put).toHaveBeenCalledWith('/api/profiles/p1', body);
    expect(client.getQueryData(['profile-by-handle', 'ada'])).toBeUndefined();
    expect(client.getQueryData(queryKeys.publicProfile('ada'))).toBeUndefined();
    expect(client.getQueryData(['profile-by-handle', 'ada-renamed'])).toEqual(after);
    expect(client.getQueryData(queryKeys.profile('p1'))).toEqual(after);
    expect(client.getQueryState(queryKeys.visitSummary('p1', { from: 'a', to: 'b' }))?.isInvalidated).toBe(
      true,
    );
    expect(client.getQueryState(queryKeys.profiles)?.isInvalidated).toBe(true);
    expect(store.getState().session?.activeProfileHandle).toBe('ada-renamed');
  });

  it("raises 'No profile to update' when editing without a loaded profile", async () => {
    const { result } = setup('ada');
    await expect(
      act(() => result.current.mutateAsync({ mode: 'edit', profile: undefined, body })),
    ).rejects.toThrow('No profile to update');
    expect(put).not.toHaveBeenCalled();
  });

  it("raises 'No active profile' when there is no session to save for", async () => {
    const { result } = setup(null);
    await expect(act(() => result.current.mutateAsync({ mode: 'create', body }))).rejects.toThrow(
      'No active profile',
    );
    expect(post).not.toHaveBeenCalled();
  });
});
