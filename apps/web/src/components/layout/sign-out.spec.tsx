import '@/test/text-encoding';
import { render, screen, waitFor } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { OfflineQrCodeStore } from '@/lib/offline-qr-codes';
import { SessionStore, type Session } from '@/lib/session';
import { clearSignedInData } from '@/lib/signed-in-data';
import { SIGN_OUT_PATH, SignOut } from './sign-out';
import { memoryStorage } from '@/test/memory-storage';
import { providers } from '@/test/providers';

const post = jest.fn();
jest.mock('@/lib/api-client', () => ({ api: { post: (...args: unknown[]) => post(...args) } }));

const session: Session = {
  expiresAtUtc: new Date(Date.now() + 3_600_000).toISOString(),
  userId: 'u1',
  email: 'ada@example.com',
  displayName: 'Ada',
  activeProfileHandle: 'ada',
};

function signOutWith(store: SessionStore, client: QueryClient) {
  const Providers = providers(client, store);
  render(
    <Providers>
      <MemoryRouter initialEntries={[SIGN_OUT_PATH]}>
        <Routes>
          <Route path={SIGN_OUT_PATH} element={<SignOut />} />
          <Route path="/" element={<p>home page</p>} />
        </Routes>
      </MemoryRouter>
    </Providers>,
  );
}

function signedIn() {
  const store = new SessionStore({ storage: memoryStorage });
  store.hydrate();
  store.set(session);
  const client = new QueryClient();
  client.setQueryData(['profiles'], [{ handle: 'ada' }]);
  const saved = new OfflineQrCodeStore({ storage: () => savedStorage });
  saved.save(session.userId, [
    {
      id: 'p1',
      displayName: 'Ada',
      handle: 'ada',
      link: 'https://cards.example/u/ada',
      qrCode: 'data:image/png;base64,iVBORw0KGgo=',
    },
  ]);
  // the app wires clearing the session to clearing the cache and the codes kept for offline
  store.onClear(() => clearSignedInData(client, saved));
  return { store, client, saved };
}

let warn: jest.SpyInstance;
let savedStorage: Storage;
beforeEach(() => {
  savedStorage = memoryStorage();
  post.mockReset();
  warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => warn.mockRestore());

describe('signing out', () => {
  it('ends the session on the server, then clears the local session, the cache and the saved QR codes and goes home', async () => {
    let answer: () => void = () => undefined;
    post.mockImplementation(() => new Promise<void>((resolve) => (answer = resolve)));
    const { store, client, saved } = signedIn();
    signOutWith(store, client);

    expect(screen.getByText('Signing out...')).toBeTruthy();
    expect(post).toHaveBeenCalledWith('/api/auth/logout');
    // still signed in until the server has answered, so the cookie is sent with the call
    expect(store.getState().session).not.toBeNull();
    expect(saved.read('u1')).not.toBeNull();

    answer();
    await screen.findByText('home page');
    expect(store.getState().session).toBeNull();
    expect(client.getQueryData(['profiles'])).toBeUndefined();
    expect(saved.read('u1')).toBeNull();
    expect(savedStorage.length).toBe(0);
  });

  it('clears the local session, the cache and the saved QR codes even when the server cannot be reached', async () => {
    post.mockRejectedValue(new Error('Network Error'));
    const { store, client, saved } = signedIn();
    signOutWith(store, client);

    await screen.findByText('home page');
    await waitFor(() => expect(store.getState().session).toBeNull());
    expect(client.getQueryData(['profiles'])).toBeUndefined();
    expect(saved.read('u1')).toBeNull();
    expect(warn).toHaveBeenCalled();
  });
});
