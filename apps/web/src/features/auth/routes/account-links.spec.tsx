import '@/test/text-encoding';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { ApiError, fieldErrorsOf, normalizeError } from '@/lib/api-error';
import { SessionStore } from '@/lib/session';
import { memoryStorage } from '@/test/memory-storage';
import { providers } from '@/test/providers';
import { AccountSessionMessages } from '@cardcraft/contracts';
import { ConfirmEmailPage } from './confirm-email-page';
import { EndSessionPage } from './end-session-page';
import { ForgotPasswordPage } from './forgot-password-page';
import { ResetPasswordPage } from './reset-password-page';

const post = jest.fn();
jest.mock('@/lib/api-client', () => ({
  api: { post: (...args: unknown[]) => post(...args) },
  fieldErrorsOf: (error: unknown) => fieldErrorsOf(error),
  normalizeError: (error: unknown) => normalizeError(error),
}));

const TOKEN = 'a'.repeat(20) + '_-' + 'B'.repeat(21);
const SENT = 'If an account exists for that address, we sent it a link to reset the password.';

function renderAt(path: string, session = false) {
  const store = new SessionStore({ storage: memoryStorage });
  store.hydrate();
  if (session) {
    store.set({
      userId: 'u1',
      email: 'old@example.com',
      displayName: 'Ada',
      expiresAtUtc: new Date(Date.now() + 3_600_000).toISOString(),
      activeProfileHandle: '',
    });
  }
  const Providers = providers(new QueryClient(), store);
  render(
    <Providers>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/auth/forgot-password" element={<ForgotPasswordPage />} />
          <Route path="/auth/reset-password" element={<ResetPasswordPage />} />
          <Route path="/auth/confirm-email" element={<ConfirmEmailPage />} />
          <Route path="/auth/end-session" element={<EndSessionPage />} />
          <Route path="/auth/login" element={<p>the login page</p>} />
        </Routes>
      </MemoryRouter>
    </Providers>,
  );
  return store;
}

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

beforeEach(() => post.mockReset());

describe('Forgot password', () => {
  it('checks the address, asks for a link and says it was sent whether or not the account exists', async () => {
    post.mockResolvedValue({ message: SENT });
    renderAt('/auth/forgot-password');
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(screen.getByText('Enter a valid email address')).toBeTruthy();
    expect(post).not.toHaveBeenCalled();
    type('Email', ' Ada@Example.com ');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Send reset link' })));
    expect(post).toHaveBeenCalledWith('/api/auth/forgot-password', { email: 'ada@example.com' });
    expect(screen.getByRole('status').textContent).toContain(SENT);
    fireEvent.click(screen.getByRole('button', { name: 'Send another link' }));
    expect(screen.getByRole('button', { name: 'Send reset link' })).toBeTruthy();
  });

  it('shows a spent rate limit above the form', async () => {
    post.mockRejectedValue(new ApiError('Too many requests, please try again in 15 minutes', 429));
    renderAt('/auth/forgot-password');
    type('Email', 'ada@example.com');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Send reset link' })));
    expect(screen.getByRole('alert').textContent).toContain(
      'Too many requests, please try again in 15 minutes',
    );
  });
});

describe('Reset password', () => {
  it('says a link without its token cannot be used, and offers a new one', () => {
    renderAt('/auth/reset-password#token=cut-short');
    expect(screen.getByRole('alert').textContent).toContain('This link is not complete.');
    expect(screen.getByRole('link', { name: 'Send a new link' }).getAttribute('href')).toBe(
      '/auth/forgot-password',
    );
  });

  it('sets the new password with the link, signs this browser out and offers to sign in', async () => {
    post.mockResolvedValue(undefined);
    const store = renderAt(`/auth/reset-password#token=${TOKEN}`, true);
    type('New Password', 'new-secret');
    type('Confirm New Password', 'other');
    fireEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(screen.getByText("Passwords don't match")).toBeTruthy();
    type('Confirm New Password', 'new-secret');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Set new password' })));
    expect(post).toHaveBeenCalledWith('/api/auth/reset-password', {
      token: TOKEN,
      newPassword: 'new-secret',
    });
    expect(screen.getByText('Your password is changed. Sign in with the new one.')).toBeTruthy();
    expect(store.getState().session).toBeNull();
  });

  it('says when the link was used or expired', async () => {
    const message = 'This link has expired or was already used. Ask for a new one.';
    post.mockRejectedValue(new ApiError(message, 400, [{ field: 'token', message }]));
    renderAt(`/auth/reset-password#token=${TOKEN}`);
    type('New Password', 'new-secret');
    type('Confirm New Password', 'new-secret');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Set new password' })));
    expect(screen.getByRole('alert').textContent).toContain(message);
  });
});

describe('Confirm e-mail', () => {
  it('applies the new address once, and shows it in this browser’s session', async () => {
    post.mockResolvedValue({ userId: 'u1', email: 'new@example.com', displayName: 'Ada' });
    const store = renderAt(`/auth/confirm-email#token=${TOKEN}`, true);
    await waitFor(() => expect(screen.getByText(/Your e-mail address is changed/)).toBeTruthy());
    expect(post).toHaveBeenCalledTimes(1);
    expect(post).toHaveBeenCalledWith('/api/account/email/confirm', { token: TOKEN });
    expect(store.getState().session?.email).toBe('new@example.com');
    expect(screen.getByRole('link', { name: 'Go to Settings' }).getAttribute('href')).toBe(
      '/dashboard/settings',
    );
  });

  it('says when the link cannot be used', async () => {
    const message = 'This link has expired or was already used. Change the address again in Settings.';
    post.mockRejectedValue(new ApiError(message, 400, [{ field: 'token', message }]));
    renderAt(`/auth/confirm-email#token=${'c'.repeat(43)}`);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain(message));
  });
});

describe('End a session from a new sign-in mail', () => {
  const SESSION_TOKEN = `0123456789abcdef01234567.${'C'.repeat(43)}`;

  it('ends nothing on opening; its button ends the session, signed out, and says so', async () => {
    post.mockResolvedValue({ ended: true, message: AccountSessionMessages.ended });
    renderAt(`/auth/end-session#token=${SESSION_TOKEN}`);
    expect(post).not.toHaveBeenCalled();
    // the footer's link holds its own words
    expect(screen.getByRole('link', { name: 'Reset your password' }).getAttribute('href')).toBe(
      '/auth/forgot-password',
    );
    fireEvent.click(screen.getByRole('button', { name: 'End that session' }));
    expect((await screen.findByRole('status')).textContent).toContain(AccountSessionMessages.ended);
    expect(post).toHaveBeenCalledWith('/api/auth/sessions/end-from-mail', { token: SESSION_TOKEN });
    expect(screen.getByRole('link', { name: 'Go to Settings' }).getAttribute('href')).toBe(
      '/dashboard/settings#sessions',
    );
  });

  it('says a cut link is not valid, and offers no button', () => {
    renderAt('/auth/end-session#token=0123456789abcdef');
    expect(screen.getByRole('alert').textContent).toContain(AccountSessionMessages.linkInvalid);
    expect(screen.queryByRole('button', { name: 'End that session' })).toBeNull();
  });

  it("shows the server's refusal above the button", async () => {
    post.mockRejectedValue(new ApiError(AccountSessionMessages.linkInvalid, 400));
    renderAt(`/auth/end-session#token=${SESSION_TOKEN}`);
    fireEvent.click(screen.getByRole('button', { name: 'End that session' }));
    expect((await screen.findByRole('alert')).textContent).toContain(AccountSessionMessages.linkInvalid);
  });
});
