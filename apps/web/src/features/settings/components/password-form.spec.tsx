import '@/test/text-encoding';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { ExtraMessages, Messages } from '@cardcraft/contracts';
import { ApiError, fieldErrorsOf, normalizeError } from '@/lib/api-error';
import { SessionStore } from '@/lib/session';
import { memoryStorage } from '@/test/memory-storage';
import { providers } from '@/test/providers';
import { PasswordForm } from './password-form';

const post = jest.fn();
jest.mock('@/lib/api-client', () => ({
  api: { post: (...args: unknown[]) => post(...args) },
  fieldErrorsOf: (error: unknown) => fieldErrorsOf(error),
  normalizeError: (error: unknown) => normalizeError(error),
}));
jest.mock('@/components/ui/toast', () => ({ toast: jest.fn() }));

function renderForm() {
  const store = new SessionStore({ storage: memoryStorage });
  store.hydrate();
  const Providers = providers(new QueryClient(), store);
  render(
    <Providers>
      <PasswordForm />
    </Providers>,
  );
}

const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Change Password' }));
const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

beforeEach(() => post.mockReset());

describe('the password form', () => {
  it('clears an error as soon as its field is fixed after a submit', () => {
    renderForm();
    submit();
    expect(screen.getByText(ExtraMessages.currentPassword)).toBeTruthy();
    expect(screen.getByText(Messages.registerPassword)).toBeTruthy();
    type('Current Password', 'old-secret');
    expect(screen.queryByText(ExtraMessages.currentPassword)).toBeNull();
    // the other field keeps its message until it is fixed in turn
    expect(screen.getByText(Messages.registerPassword)).toBeTruthy();
    type('New Password', 'new-secret');
    expect(screen.queryByText(Messages.registerPassword)).toBeNull();
    expect(screen.getByText(Messages.registerConfirmPassword)).toBeTruthy();
    type('Confirm New Password', 'new-secret');
    expect(screen.queryByText(Messages.registerConfirmPassword)).toBeNull();
    expect(post).not.toHaveBeenCalled();
  });

  it("keeps the server's field error until that field changes", async () => {
    post.mockRejectedValue(
      new ApiError('Validation failed', 400, [{ field: 'currentPassword', message: 'Wrong password' }]),
    );
    renderForm();
    type('Current Password', 'not-it');
    type('New Password', 'new-secret');
    type('Confirm New Password', 'new-secret');
    submit();
    await waitFor(() => expect(screen.getByText('Wrong password')).toBeTruthy());
    type('Confirm New Password', 'new-secret!');
    expect(screen.getByText('Wrong password')).toBeTruthy();
    type('Current Password', 'maybe-this');
    expect(screen.queryByText('Wrong password')).toBeNull();
  });
});
