import '@/test/text-encoding';
import { fireEvent, render, screen } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { Messages } from '@cardcraft/contracts';
import { SessionStore } from '@/lib/session';
import { memoryStorage } from '@/test/memory-storage';
import { providers } from '@/test/providers';
import { RegisterPage } from './register-page';

jest.mock('@/lib/api-client', () => ({
  api: { post: jest.fn() },
  normalizeError: (error: unknown) => ({ message: String(error) }),
}));

function renderRegister() {
  const store = new SessionStore({ storage: memoryStorage });
  store.hydrate();
  const Providers = providers(new QueryClient(), store);
  render(
    <Providers>
      <MemoryRouter>
        <RegisterPage />
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
});
