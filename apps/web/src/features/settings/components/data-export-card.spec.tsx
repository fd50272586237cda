import '@/test/text-encoding';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import type { AccountExportResponse } from '@cardcraft/contracts';
import { normalizeError } from '@/lib/api-error';
import { SessionStore } from '@/lib/session';
import { memoryStorage } from '@/test/memory-storage';
import { providers } from '@/test/providers';
import { DataExportCard } from './data-export-card';

const get = jest.fn();
const post = jest.fn();
jest.mock('@/lib/api-client', () => ({
  api: { get: (...args: unknown[]) => get(...args), post: (...args: unknown[]) => post(...args) },
  // the app's api base is empty (same origin) unless configured
  buildUrl: (path: string) => path,
  normalizeError: (error: unknown) => normalizeError(error),
}));
jest.mock('@/components/ui/toast', () => ({ toast: jest.fn() }));

const anExport = (overrides: Partial<AccountExportResponse>): AccountExportResponse => ({
  id: '0123456789abcdef01234567',
  status: 'preparing',
  requestedAtUtc: '2026-03-14T09:00:00.000Z',
  finishedAtUtc: null,
  expiresAtUtc: '2026-03-21T09:00:00.000Z',
  sizeBytes: null,
  downloadPath: null,
  ...overrides,
});

function renderCard() {
  const store = new SessionStore({ storage: memoryStorage });
  store.hydrate();
  store.set({
    userId: 'u1',
    email: 'ada@example.com',
    displayName: 'Ada',
    expiresAtUtc: new Date(Date.now() + 3_600_000).toISOString(),
    activeProfileHandle: '',
  });
  const Providers = providers(new QueryClient({ defaultOptions: { queries: { retry: false } } }), store);
  render(
    <Providers>
      <MemoryRouter>
        <DataExportCard />
      </MemoryRouter>
    </Providers>,
  );
}

beforeEach(() => {
  get.mockReset();
  post.mockReset();
});

describe('Download my data', () => {
  it('offers the ready zip as a download link with its size, and a new copy', async () => {
    const path = '/api/account/export/0123456789abcdef01234567/download';
    get.mockResolvedValue({
      export: anExport({
        status: 'ready',
        finishedAtUtc: '2026-03-14T09:00:05.000Z',
        sizeBytes: 2_400_000,
        downloadPath: path,
      }),
    });
    renderCard();
    const link = await screen.findByRole('link', { name: 'Download (2.3 MB)' });
    expect(link.getAttribute('href')).toBe(path);
    expect(link.hasAttribute('download')).toBe(true);
    expect(screen.getByRole('status').textContent).toContain('Available until March 21, 2026.');
    expect(screen.getByRole('button', { name: 'Prepare a new copy' })).toBeTruthy();
  });

  it('says a failed export failed and tries again, then shows it being prepared', async () => {
    get.mockResolvedValue({
      export: anExport({ status: 'failed', finishedAtUtc: '2026-03-14T09:01:00.000Z' }),
    });
    post.mockResolvedValue(anExport({ id: 'fedcba9876543210fedcba98' }));
    renderCard();
    expect((await screen.findByRole('status')).textContent).toContain('We could not prepare your data');
    expect(screen.queryByRole('link', { name: /Download/ })).toBeNull();
    // the server now holds the new export: a poll in between must not bring the failed one back
    get.mockResolvedValue({ export: anExport({ id: 'fedcba9876543210fedcba98' }) });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Try again' })));
    expect(post).toHaveBeenCalledWith('/api/account/export');
    // the query cache tells its observers on a later tick, which a loaded machine may not reach inside act
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toContain(
        'Preparing your data…We will e-mail ada@example.com when it is ready.',
      ),
    );
    expect(screen.queryByRole('button')).toBeNull();
  });
});
