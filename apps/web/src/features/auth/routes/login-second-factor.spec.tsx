import '@/test/text-encoding';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { SecondFactorMessages } from '@cardcraft/contracts';
import englishAuth from '@/i18n/locales/en/auth.json';
import germanAuth from '@/i18n/locales/de/auth.json';
import { ApiError, normalizeError } from '@/lib/api-error';
import { SessionStore } from '@/lib/session';
import { speak } from '@/test/language';
import { memoryStorage } from '@/test/memory-storage';
import { providers } from '@/test/providers';
import { englishLeft } from '@/test/english-left';
import { LoginPage } from './login-page';

const post = jest.fn();
jest.mock('@/lib/api-client', () => ({
  api: { post: (...args: unknown[]) => post(...args) },
  normalizeError: (error: unknown) => normalizeError(error),
}));
jest.mock('@/lib/profiles', () => ({ getProfiles: () => Promise.resolve([]) }));

const CHALLENGE = {
  secondFactorRequired: true,
  challengeToken: 'challenge-1',
  expiresAtUtc: '2026-03-14T09:05:00Z',
};
const SESSION = {
  accessToken: 'token',
  expiresAtUtc: new Date(Date.now() + 3_600_000).toISOString(),
  userId: 'u1',
  email: 'ada@example.com',
  displayName: 'Ada',
};

function renderLogin() {
  const store = new SessionStore({ storage: memoryStorage });
  store.hydrate();
  const Providers = providers(new QueryClient(), store);
  render(
    <Providers>
      <MemoryRouter initialEntries={['/auth/login']}>
        <Routes>
          <Route path="/auth/login" element={<LoginPage />} />
          <Route path="/dashboard/*" element={<p>the dashboard</p>} />
        </Routes>
      </MemoryRouter>
    </Providers>,
  );
  return store;
}

async function passwordStep() {
  fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: 'ada@example.com' } });
  fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'analytical-engine' } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
  await screen.findByRole('heading', { name: 'Two-step verification' });
}

beforeEach(() => post.mockReset());

describe('signing in with two-step verification', () => {
  it('asks for the app’s code after the password, and signs in with it', async () => {
    post.mockImplementation((path: string) =>
      Promise.resolve(path === '/api/auth/login' ? CHALLENGE : SESSION),
    );
    const store = renderLogin();
    await passwordStep();
    // no session until the code
    expect(store.getState().session).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(SecondFactorMessages.codeRequired)).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/^Code/), { target: { value: '123 456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await screen.findByText('the dashboard');
    expect(post).toHaveBeenLastCalledWith('/api/auth/login/second-factor', {
      challengeToken: 'challenge-1',
      code: '123 456',
    });
    expect(store.getState().session?.userId).toBe('u1');
  });

  it('takes a recovery code instead, and says when a code did not work', async () => {
    post
      .mockResolvedValueOnce(CHALLENGE)
      .mockRejectedValueOnce(new ApiError(SecondFactorMessages.invalidCode, 401))
      .mockResolvedValueOnce(SESSION);
    renderLogin();
    await passwordStep();
    fireEvent.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
    fireEvent.change(screen.getByLabelText(/^Recovery code/), { target: { value: 'abcde-fghjk' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect((await screen.findByRole('alert')).textContent).toContain(SecondFactorMessages.invalidCode);
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await screen.findByText('the dashboard');
  });

  it('goes back to the password when the challenge ran out', async () => {
    post
      .mockResolvedValueOnce(CHALLENGE)
      .mockRejectedValueOnce(new ApiError(SecondFactorMessages.challengeExpired, 401));
    renderLogin();
    await passwordStep();
    fireEvent.change(screen.getByLabelText(/^Code/), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Sign in' })).toBeTruthy());
    expect(screen.getByRole('alert').textContent).toContain(SecondFactorMessages.challengeExpired);
  });

  it('is said in German, both steps, with no English left', async () => {
    post.mockImplementation((path: string) =>
      Promise.resolve(path === '/api/auth/login' ? CHALLENGE : SESSION),
    );
    await speak('de');
    renderLogin();
    expect(screen.getByRole('heading', { name: germanAuth.login.title })).toBeTruthy();
    expect(screen.getByRole('link', { name: germanAuth.login.forgot })).toBeTruthy();
    expect(englishLeft(englishAuth, germanAuth)).toEqual([]);

    fireEvent.change(screen.getByLabelText(new RegExp(`^${germanAuth.fields.email}`)), {
      target: { value: 'ada@example.com' },
    });
    fireEvent.change(screen.getByLabelText(new RegExp(`^${germanAuth.fields.password}`)), {
      target: { value: 'analytical-engine' },
    });
    fireEvent.click(screen.getByRole('button', { name: germanAuth.login.submit }));
    await screen.findByRole('heading', { name: germanAuth.secondFactor.title });
    fireEvent.click(screen.getByRole('button', { name: germanAuth.secondFactor.verify }));
    // the form's own rule, in the screen's language
    expect(await screen.findByText(germanAuth.secondFactor.codeRequired)).toBeTruthy();
    expect(screen.getByText(germanAuth.secondFactor.appText)).toBeTruthy();
    expect(englishLeft(englishAuth, germanAuth)).toEqual([]);
  });
});
