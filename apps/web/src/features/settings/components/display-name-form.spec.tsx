import '@/test/text-encoding';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Messages } from '@cardcraft/contracts';
import { fieldErrorsOf, normalizeError } from '@/lib/api-error';
import { signedInProviders } from '@/test/providers';
import { DisplayNameForm } from './display-name-form';

const patch = jest.fn();
const toast = jest.fn();
jest.mock('@/lib/api-client', () => ({
  api: { patch: (...args: unknown[]) => patch(...args) },
  fieldErrorsOf: (error: unknown) => fieldErrorsOf(error),
  normalizeError: (error: unknown) => normalizeError(error),
}));
jest.mock('@/components/ui/toast', () => ({ toast: (...args: unknown[]) => toast(...args) }));

function renderForm() {
  const Providers = signedInProviders('');
  render(
    <Providers>
      <DisplayNameForm />
    </Providers>,
  );
}

const name = () => screen.getByLabelText('Display Name');
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));

beforeEach(() => {
  patch.mockReset();
  toast.mockReset();
});

describe('the account name form', () => {
  it('clears its error as soon as the name is fixed after a submit', () => {
    renderForm();
    fireEvent.change(name(), { target: { value: 'A' } });
    submit();
    expect(screen.getByText(Messages.registerDisplayName)).toBeTruthy();
    fireEvent.change(name(), { target: { value: 'Ada Lovelace' } });
    expect(screen.queryByText(Messages.registerDisplayName)).toBeNull();
  });

  it('says the name was updated, not the profile', async () => {
    patch.mockResolvedValue({ id: 'u1', email: 'ada@example.com', displayName: 'Ada Lovelace' });
    renderForm();
    fireEvent.change(name(), { target: { value: 'Ada Lovelace' } });
    submit();
    await waitFor(() => expect(toast).toHaveBeenCalled());
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: 'Name updated' }));
  });
});
