import '@/test/text-encoding';
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { SessionProvider, SessionStore } from '@/lib/session';
import { RequireAuth } from './require-auth';
import { memoryStorage } from '@/test/memory-storage';

function LoginProbe() {
  const location = useLocation();
  const from = (location.state as { from?: { pathname: string } } | null)?.from?.pathname;
  return <p>login page, from {from}</p>;
}

function renderAt(store: SessionStore) {
  return render(
    <SessionProvider store={store}>
      <MemoryRouter initialEntries={['/dashboard/leads']}>
        <Routes>
          <Route
            path="/dashboard/leads"
            element={
              <RequireAuth>
                <p>leads page</p>
              </RequireAuth>
            }
          />
          <Route path="/auth/login" element={<LoginProbe />} />
        </Routes>
      </MemoryRouter>
    </SessionProvider>,
  );
}

describe('RequireAuth', () => {
  it("shows 'Loading...' until the stored session has been read", () => {
    const store = new SessionStore({ storage: () => memoryStorage() });
    // hydrate is what the provider does on mount; holding it back shows the waiting state
    const hydrate = jest.spyOn(store, 'hydrate').mockImplementation(() => undefined);
    renderAt(store);
    expect(screen.getByText('Loading...')).toBeTruthy();
    hydrate.mockRestore();
  });

  it('sends a signed-out visitor to the login page with the original path as from', () => {
    renderAt(new SessionStore({ storage: () => memoryStorage() }));
    expect(screen.getByText('login page, from /dashboard/leads')).toBeTruthy();
  });

  it('shows the page to a signed-in user, and leaves it when the session expires', () => {
    jest.useFakeTimers();
    const session = {
      expiresAtUtc: new Date(Date.now() + 1_000).toISOString(),
      userId: 'u',
      email: 'a@example.com',
      displayName: 'A',
      activeProfileHandle: '',
    };
    const store = new SessionStore({
      storage: () => memoryStorage({ 'cardcraft.session': JSON.stringify(session) }),
    });
    renderAt(store);
    expect(screen.getByText('leads page')).toBeTruthy();
    act(() => {
      jest.advanceTimersByTime(1_000);
    });
    expect(screen.getByText('login page, from /dashboard/leads')).toBeTruthy();
    jest.useRealTimers();
  });
});
