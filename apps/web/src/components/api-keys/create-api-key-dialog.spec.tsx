import '@/test/text-encoding';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { ReauthenticationMessages, type CreatedApiKeyResponse } from '@cardcraft/contracts';
import { ApiError, fieldErrorsOf, normalizeError } from '@/lib/api-error';
import { SessionStore } from '@/lib/session';
import { memoryStorage } from '@/test/memory-storage';
import { providers } from '@/test/providers';
import { CreateApiKeyDialog } from './create-api-key-dialog';

const get = jest.fn();
const post = jest.fn();
jest.mock('@/lib/api-client', () => ({
  api: { get: (...args: unknown[]) => get(...args), post: (...args: unknown[]) => post(...args) },
  buildUrl: (path: string) => path,
  fieldErrorsOf: (error: unknown) => fieldErrorsOf(error),
  normalizeError: (error: unknown) => normalizeError(error),
}));
jest.mock('@/components/ui/toast', () => ({ toast: jest.fn() }));

const CREATED: CreatedApiKeyResponse = {
  id: '0123456789abcdef01234567',
  name: 'CRM sync',
  prefix: 'cck_abcdefgh',
  scopes: ['leads:read'],
  createdAtUtc: '2026-03-14T09:00:00.000Z',
  lastUsedAtUtc: null,
  expiresAtUtc: null,
  createdBy: { userId: 'u1', displayName: 'Ada' },
  key: `cck_${'a'.repeat(43)}`,
} as CreatedApiKeyResponse;

function renderDialog() {
  const store = new SessionStore({ storage: memoryStorage });
  store.hydrate();
  const Providers = providers(new QueryClient({ defaultOptions: { queries: { retry: false } } }), store);
  render(
    <Providers>
      <MemoryRouter>
        <CreateApiKeyDialog owner={{ kind: 'account' }} open onOpenChange={() => undefined} />
      </MemoryRouter>
    </Providers>,
  );
}

beforeEach(() => {
  get.mockReset().mockResolvedValue({
    publicBaseUrl: 'https://cards.example.test',
    walletPass: false,
    googleWallet: false,
  });
  post.mockReset();
});

describe('Create API key, when the server asks for the password again', () => {
  it('asks for it in the dialog, takes only the right one, then makes the same key', async () => {
    const keys: unknown[] = [];
    post.mockImplementation((path: string, body: unknown) => {
      if (path === '/api/api-keys') {
        keys.push(body);
        return keys.length === 1
          ? Promise.reject(new ApiError(ReauthenticationMessages.required, 403))
          : Promise.resolve(CREATED);
      }
      if ((body as { password: string }).password !== 'analytical-engine') {
        const message = ReauthenticationMessages.wrongPassword;
        return Promise.reject(new ApiError(message, 400, [{ field: 'password', message }]));
      }
      return Promise.resolve({ validUntilUtc: '2026-03-14T09:10:00.000Z' });
    });
    renderDialog();
    const dialog = screen.getByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'CRM sync' } });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /leads:read/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create key' }));

    await screen.findByRole('heading', { name: 'Confirm it’s you' });
    expect(dialog.textContent).toContain('confirm your password to make “CRM sync”');
    const password = within(dialog).getByLabelText(/^Password/);
    fireEvent.change(password, { target: { value: 'wrong' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await within(dialog).findByText(ReauthenticationMessages.wrongPassword);
    expect(keys).toHaveLength(1);

    fireEvent.change(password, { target: { value: 'analytical-engine' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await screen.findByRole('heading', { name: 'API key created' });
    expect(post).toHaveBeenCalledWith('/api/auth/reauthenticate', { password: 'analytical-engine' });
    expect(keys).toEqual([keys[0], keys[0]]);
    expect(keys[0]).toMatchObject({ name: 'CRM sync', scopes: ['leads:read'] });
  });

  it('goes back to the form on Cancel, with what was filled in', async () => {
    post.mockRejectedValue(new ApiError(ReauthenticationMessages.required, 403));
    renderDialog();
    const dialog = screen.getByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'CRM sync' } });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /leads:read/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create key' }));
    await screen.findByRole('heading', { name: 'Confirm it’s you' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(within(dialog).getByLabelText(/^Name/)).toHaveProperty('value', 'CRM sync'));
  });
});
