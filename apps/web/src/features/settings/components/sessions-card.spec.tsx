import '@/test/text-encoding';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import type { AccountSessionResponse } from '@cardcraft/contracts';
import { normalizeError } from '@/lib/api-error';
import { SessionStore } from '@/lib/session';
import { memoryStorage } from '@/test/memory-storage';
import { providers } from '@/test/providers';
import { toast } from '@/components/ui/toast';
import { SessionsCard } from './sessions-card';

const get = jest.fn();
const post = jest.fn();
const del = jest.fn();
jest.mock('@/lib/api-client', () => ({
  api: {
    get: (...args: unknown[]) => get(...args),
    post: (...args: unknown[]) => post(...args),
    delete: (...args: unknown[]) => del(...args),
  },
  buildUrl: (path: string) => path,
  normalizeError: (error: unknown) => normalizeError(error),
}));
jest.mock('@/components/ui/toast', () => ({ toast: jest.fn() }));

const session = (overrides: Partial<AccountSessionResponse>): AccountSessionResponse => ({
  id: '0123456789abcdef01234567',
  device: 'Chrome on Windows',
  deviceType: 'desktop',
  country: 'DE',
  createdAtUtc: '2026-03-14T09:00:00.000Z',
  lastSeenAtUtc: '2026-03-15T10:30:00.000Z',
  current: false,
  ...overrides,
});

const THIS_ONE = session({
  id: 'aaaaaaaaaaaaaaaaaaaaaaaa',
  device: 'Firefox on Mac OS',
  current: true,
  country: null,
});
const PHONE = session({
  id: 'bbbbbbbbbbbbbbbbbbbbbbbb',
  device: 'Mobile Safari on iOS',
  deviceType: 'mobile',
  country: 'FR',
});
const LAPTOP = session({ id: 'cccccccccccccccccccccccc' });

function renderCard() {
  const store = new SessionStore({ storage: memoryStorage });
  store.hydrate();
  const Providers = providers(new QueryClient({ defaultOptions: { queries: { retry: false } } }), store);
  render(
    <Providers>
      <MemoryRouter>
        <SessionsCard />
      </MemoryRouter>
    </Providers>,
  );
}

beforeEach(() => {
  get.mockReset();
  post.mockReset();
  del.mockReset();
  jest.mocked(toast).mockReset();
});

describe('Sessions', () => {
  it('lists each session with its device, country and times, this device first and not to be signed out', async () => {
    get.mockResolvedValue({ sessions: [THIS_ONE, PHONE, LAPTOP] });
    renderCard();
    const rows = await screen.findAllByTestId('session');
    expect(rows).toHaveLength(3);
    expect(rows[0]!.textContent).toContain('Firefox on Mac OS');
    expect(rows[0]!.textContent).toContain('This device');
    expect(rows[0]!.textContent).toContain('Active now');
    expect(within(rows[0]!).queryByRole('button')).toBeNull();
    expect(rows[1]!.textContent).toContain('France · Signed in Mar 14, 2026');
    expect(rows[1]!.textContent).toContain('Last active Mar 15, 2026');
    expect(rows[2]!.textContent).toContain('Germany');
    expect(get).toHaveBeenCalledWith('/api/auth/sessions');
  });

  it('signs one other session out and reads the list again', async () => {
    get.mockResolvedValueOnce({ sessions: [THIS_ONE, PHONE] }).mockResolvedValue({ sessions: [THIS_ONE] });
    del.mockResolvedValue(undefined);
    renderCard();
    fireEvent.click(await screen.findByRole('button', { name: /^Sign out Mobile Safari on iOS, signed in/ }));
    await waitFor(() => expect(del).toHaveBeenCalledWith('/api/auth/sessions/bbbbbbbbbbbbbbbbbbbbbbbb'));
    await waitFor(() => expect(screen.getAllByTestId('session')).toHaveLength(1));
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: 'Signed out' }));
  });

  it('signs every other session out after a confirmation, and offers it only when there are others', async () => {
    get
      .mockResolvedValueOnce({ sessions: [THIS_ONE, PHONE, LAPTOP] })
      .mockResolvedValue({ sessions: [THIS_ONE] });
    post.mockResolvedValue({ ended: 2 });
    renderCard();
    fireEvent.click(await screen.findByRole('button', { name: 'Sign out other sessions' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('The 2 other devices must sign in again');
    expect(post).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(post).toHaveBeenCalledWith('/api/auth/sessions/end-others'));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Sign out other sessions' })).toBeNull());
    expect(toast).toHaveBeenCalledWith(
      expect.objectContaining({ description: '2 sessions were signed out.' }),
    );
  });

  it('says why the list could not be read', async () => {
    get.mockRejectedValue(new Error('Network down'));
    renderCard();
    expect((await screen.findByRole('alert')).textContent).toBeTruthy();
  });
});
