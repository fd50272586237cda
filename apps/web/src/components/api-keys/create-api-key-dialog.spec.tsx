import '@/test/text-encoding';
import type { ReactNode } from 'react';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import {
  API_KEY_SCOPE_TEXTS,
  API_KEY_SCOPES,
  ReauthenticationMessages,
  type ApiKeyResponse,
  type CreatedApiKeyResponse,
} from '@cardcraft/contracts';
import englishIntegrations from '@/i18n/locales/en/integrations.json';
import japaneseIntegrations from '@/i18n/locales/ja/integrations.json';
import { ApiError, fieldErrorsOf, normalizeError } from '@/lib/api-error';
import { SessionStore } from '@/lib/session';
import { englishLeft, shownTexts } from '@/test/english-left';
import { speak } from '@/test/language';
import { memoryStorage } from '@/test/memory-storage';
import { providers } from '@/test/providers';
import { ApiKeysSection } from './api-keys-section';
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

function renderWithProviders(children: ReactNode) {
  const store = new SessionStore({ storage: memoryStorage });
  store.hydrate();
  const Providers = providers(new QueryClient({ defaultOptions: { queries: { retry: false } } }), store);
  render(
    <Providers>
      <MemoryRouter>{children}</MemoryRouter>
    </Providers>,
  );
}

const renderDialog = () =>
  renderWithProviders(<CreateApiKeyDialog owner={{ kind: 'account' }} open onOpenChange={() => undefined} />);

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

describe('API keys in the app’s language', () => {
  const ja = japaneseIntegrations;
  const fill = (text: string, values: Record<string, string | number>) =>
    text.replace(/{{(\w+)}}/g, (_, name: string) => String(values[name]));

  it('says the scopes in English as the contracts do', () => {
    for (const scope of API_KEY_SCOPES) {
      const [kind, action] = scope.split(':');
      const scopes = englishIntegrations.apiKeys.scopes as Record<string, Record<string, string>>;
      expect(scopes[kind][action]).toBe(API_KEY_SCOPE_TEXTS[scope]);
    }
  });

  it('lists the keys and makes one in Japanese: headings, columns, dates, scopes and expiry', async () => {
    const keys: ApiKeyResponse[] = [
      { ...CREATED, lastUsedAtUtc: null, expiresAtUtc: '2020-01-01T00:00:00.000Z', teamId: null },
    ];
    get.mockImplementation((path: string) =>
      Promise.resolve(
        path === '/api/api-keys' ? keys : { publicBaseUrl: 'https://cards.example.test', walletPass: false },
      ),
    );
    await speak('ja');
    renderWithProviders(<ApiKeysSection owner={{ kind: 'account' }} description="—" />);
    const row = await screen.findByTestId('api-key');
    expect(screen.getByRole('heading', { name: ja.apiKeys.title })).toBeTruthy();
    expect(within(row).getByText(ja.apiKeys.expired)).toBeTruthy();
    expect(within(row).getByText(fill(ja.apiKeys.by, { name: 'Ada' }))).toBeTruthy();
    expect(within(row).getByText(ja.apiKeys.neverUsed)).toBeTruthy();
    // the days as Japanese writes them
    expect(within(row).getByText('2026/03/14')).toBeTruthy();
    expect(
      within(row).getByRole('button', { name: fill(ja.apiKeys.revokeNamed, { name: 'CRM sync' }) }),
    ).toBeTruthy();
    expect(englishLeft(englishIntegrations, ja)).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: ja.apiKeys.create }));
    const dialog = await screen.findByRole('dialog', { name: ja.apiKeys.create });
    expect(within(dialog).getByText(ja.apiKeys.scopes.leads.read)).toBeTruthy();
    expect(within(dialog).getByRole('combobox').textContent).toBe(
      fill(ja.apiKeys.expiresIn_other, { count: 90 }),
    );
    // the dialog's own close button (components/ui) is another part's words
    expect(englishLeft(englishIntegrations, ja, shownTexts(), ['Close'])).toEqual([]);
  });
});
