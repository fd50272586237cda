import '@/test/text-encoding';
import { fireEvent, render, screen } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { ExtraMessages } from '@cardcraft/contracts';
import { fieldErrorsOf, normalizeError } from '@/lib/api-error';
import { SessionStore } from '@/lib/session';
import { memoryStorage } from '@/test/memory-storage';
import { providers } from '@/test/providers';
import { DeleteAccountCard } from './delete-account-card';

const del = jest.fn();
jest.mock('@/lib/api-client', () => ({
  api: { delete: (...args: unknown[]) => del(...args), post: jest.fn() },
  fieldErrorsOf: (error: unknown) => fieldErrorsOf(error),
  normalizeError: (error: unknown) => normalizeError(error),
}));
jest.mock('@/components/ui/toast', () => ({ toast: jest.fn() }));

describe('deleting the account', () => {
  it('clears the password error as soon as a password is typed after a submit', () => {
    const store = new SessionStore({ storage: memoryStorage });
    store.hydrate();
    const Providers = providers(new QueryClient(), store);
    render(
      <Providers>
        <MemoryRouter>
          <DeleteAccountCard />
        </MemoryRouter>
      </Providers>,
    );
    expect(screen.getByText(/every profile, its messages and its analytics/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Delete Account' }));
    const dialog = screen.getByRole('alertdialog');
    fireEvent.submit(dialog.querySelector('form') as HTMLFormElement);
    expect(screen.getByText(ExtraMessages.deletePassword)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret-1' } });
    expect(screen.queryByText(ExtraMessages.deletePassword)).toBeNull();
    expect(del).not.toHaveBeenCalled();
  });
});
