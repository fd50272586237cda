import '@/test/text-encoding';
import { fireEvent, render, screen } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { Messages } from '@cardcraft/contracts';
import englishAuth from '@/i18n/locales/en/auth.json';
import englishCommon from '@/i18n/locales/en/common.json';
import frenchAuth from '@/i18n/locales/fr/auth.json';
import frenchCommon from '@/i18n/locales/fr/common.json';
import { SessionStore } from '@/lib/session';
import { speak } from '@/test/language';
import { memoryStorage } from '@/test/memory-storage';
import { providers } from '@/test/providers';
import { englishLeft } from '@/test/english-left';
import { RegisterPage } from './register-page';

const post = jest.fn();
jest.mock('@/lib/api-client', () => ({
  api: { post: (...args: unknown[]) => post(...args) },
  normalizeError: (error: unknown) => ({ message: String(error) }),
}));

function renderRegister(
  entry: { pathname: string; search?: string; state?: unknown } = { pathname: '/auth/register' },
) {
  const store = new SessionStore({ storage: memoryStorage });
  store.hydrate();
  const Providers = providers(new QueryClient(), store);
  render(
    <Providers>
      <MemoryRouter initialEntries={[entry]}>
        <Routes>
          <Route path="/auth/register" element={<RegisterPage />} />
          <Route path="/invite" element={<p>the invitation</p>} />
          <Route path="/dashboard/onboarding" element={<p>onboarding</p>} />
        </Routes>
      </MemoryRouter>
    </Providers>,
  );
}

const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('the register form', () => {
  it('checks nothing before the first submit', () => {
    renderRegister();
    type('Display Name', 'A');
    expect(screen.queryByText(Messages.registerDisplayName)).toBeNull();
  });

  it('clears an error as soon as its field is fixed after a submit, and shows a new one as it is typed', () => {
    renderRegister();
    submit();
    expect(screen.getByText(Messages.registerDisplayName)).toBeTruthy();
    expect(screen.getByLabelText('Display Name').getAttribute('aria-invalid')).toBe('true');

    type('Display Name', 'Ada Lovelace');
    expect(screen.queryByText(Messages.registerDisplayName)).toBeNull();
    expect(screen.getByLabelText('Display Name').getAttribute('aria-invalid')).not.toBe('true');

    type('Password', 'secret-1');
    type('Confirm Password', 'secret-2');
    expect(screen.getByText(Messages.registerConfirmPassword)).toBeTruthy();
    type('Confirm Password', 'secret-1');
    expect(screen.queryByText(Messages.registerConfirmPassword)).toBeNull();
  });

  it('comes from an invitation with its address filled in, and goes back to it once signed up', async () => {
    const session = {
      accessToken: 't',
      expiresAtUtc: new Date(Date.now() + 3_600_000).toISOString(),
      userId: 'u1',
      email: 'peter@initech.example',
      displayName: 'Peter Gibbons',
    };
    post.mockResolvedValue(session);
    renderRegister({
      pathname: '/auth/register',
      search: '?next=%2Finvite',
      state: { email: 'peter@initech.example' },
    });
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('peter@initech.example');
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe(
      '/auth/login?next=%2Finvite',
    );
    type('Display Name', 'Peter Gibbons');
    type('Password', 'tps-report-1');
    type('Confirm Password', 'tps-report-1');
    submit();
    expect(await screen.findByText('the invitation')).toBeTruthy();
  });

  it('is said in French, the rules under its fields too, with no English left', async () => {
    await speak('fr');
    renderRegister();
    expect(screen.getByRole('heading', { name: frenchAuth.register.title })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: frenchAuth.register.submit }));
    expect(screen.getByText(frenchCommon.validation.displayName)).toBeTruthy();
    expect(screen.getByText(frenchCommon.validation.email)).toBeTruthy();
    expect(screen.getByText(frenchCommon.validation.passwordTooShort)).toBeTruthy();
    const shown = document.body.textContent ?? '';
    expect(englishLeft(englishAuth, frenchAuth, shown)).toEqual([]);
    expect(englishLeft(englishCommon, frenchCommon, shown)).toEqual([]);
  });

  it('never goes to another site after signing up', async () => {
    post.mockResolvedValue({
      accessToken: 't',
      expiresAtUtc: new Date(Date.now() + 3_600_000).toISOString(),
      userId: 'u1',
      email: 'a@example.com',
      displayName: 'A B',
    });
    renderRegister({ pathname: '/auth/register', search: '?next=%2F%2Fevil.example' });
    type('Display Name', 'Ada Lovelace');
    type('Email', 'a@example.com');
    type('Password', 'secret-1');
    type('Confirm Password', 'secret-1');
    submit();
    expect(await screen.findByText('onboarding')).toBeTruthy();
  });
});
