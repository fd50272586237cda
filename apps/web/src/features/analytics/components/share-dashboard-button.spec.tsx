import '@/test/text-encoding';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { AnalyticsShareMessages, type AnalyticsShareResponse } from '@cardcraft/contracts';
import { ApiError, fieldErrorsOf, normalizeError } from '@/lib/api-error';
import { SessionStore } from '@/lib/session';
import { memoryStorage } from '@/test/memory-storage';
import { providers } from '@/test/providers';
import { ShareDashboardButton } from './share-dashboard-button';

const get = jest.fn();
const post = jest.fn();
const del = jest.fn();
jest.mock('@/lib/api-client', () => ({
  api: {
    get: (...args: unknown[]) => get(...args),
    post: (...args: unknown[]) => post(...args),
    delete: (...args: unknown[]) => del(...args),
  },
  fieldErrorsOf: (error: unknown) => fieldErrorsOf(error),
  normalizeError: (error: unknown) => normalizeError(error),
}));
jest.mock('@/components/ui/toast', () => ({ toast: jest.fn() }));

const CARD = '0123456789abcdef01234567';
const SHARES = `/api/profiles/${CARD}/analytics/shares`;

function share(overrides: Partial<AnalyticsShareResponse> = {}): AnalyticsShareResponse {
  return {
    id: 's1',
    profileId: CARD,
    label: 'For the board',
    url: 'https://cards.example.com/share/abc',
    hasPassword: false,
    createdAtUtc: '2026-03-01T10:00:00.000Z',
    lastViewedAtUtc: null,
    ...overrides,
  };
}

const writeText = jest.fn();

function openDialog() {
  const store = new SessionStore({ storage: memoryStorage });
  store.hydrate();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const Providers = providers(client, store);
  render(
    <Providers>
      <ShareDashboardButton profileId={CARD} />
    </Providers>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Share' }));
  return screen.getByRole('dialog', { name: 'Share this dashboard' });
}

beforeEach(() => {
  get.mockReset();
  post.mockReset();
  del.mockReset();
  writeText.mockReset().mockResolvedValue(undefined);
  Object.assign(navigator, { clipboard: { writeText } });
});

describe('the share dashboard button', () => {
  it('reads nothing until opened, then lists the card’s links with their address, badge and dates', async () => {
    get.mockResolvedValue([
      share({ id: 's2', label: null, hasPassword: true, url: 'https://cards.example.com/share/def' }),
      share({ lastViewedAtUtc: '2026-03-02T09:30:00.000Z' }),
    ]);
    const store = new SessionStore({ storage: memoryStorage });
    store.hydrate();
    const Providers = providers(new QueryClient(), store);
    render(
      <Providers>
        <ShareDashboardButton profileId={CARD} />
      </Providers>,
    );
    expect(get).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Share' }));

    const links = await screen.findByRole('list', { name: 'Shared links' });
    expect(get).toHaveBeenCalledWith(SHARES, expect.anything());
    const [untitled, board] = within(links).getAllByRole('listitem');
    expect(within(untitled).getByText('Untitled link')).toBeTruthy();
    expect(within(untitled).getByText('Password')).toBeTruthy();
    expect(within(untitled).getByText(/Last viewed never/)).toBeTruthy();
    expect(
      (within(untitled).getByRole('textbox', { name: 'Address of Untitled link' }) as HTMLInputElement).value,
    ).toBe('https://cards.example.com/share/def');
    expect(within(board).queryByText('Password')).toBeNull();
    expect(within(board).getByText('Mar 2, 2026', { exact: false })).toBeTruthy();
    expect(screen.getByText('2 of 20')).toBeTruthy();
  });

  it('copies a link’s address', async () => {
    get.mockResolvedValue([share()]);
    openDialog();
    fireEvent.click(await screen.findByRole('button', { name: 'Copy For the board' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('https://cards.example.com/share/abc'));
    expect(await screen.findByText('Copied')).toBeTruthy();
  });

  it('makes a link with a label and a password, and lists it', async () => {
    get.mockResolvedValueOnce([]);
    get.mockResolvedValue([share({ hasPassword: true })]);
    post.mockResolvedValue(share({ hasPassword: true }));
    openDialog();
    expect(await screen.findByText(/No links yet/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Label'), { target: { value: 'For the board' } });
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'board-secret' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create link' }));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith(SHARES, { label: 'For the board', password: 'board-secret' }),
    );
    expect(await screen.findByRole('list', { name: 'Shared links' })).toBeTruthy();
    expect((screen.getByLabelText('Label') as HTMLInputElement).value).toBe('');
  });

  it('says what is wrong in the API’s words: a short password before sending, a refusal after', async () => {
    get.mockResolvedValue([]);
    openDialog();
    await screen.findByText(/No links yet/);
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: '123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create link' }));
    expect(await screen.findByText(/at least/i)).toBeTruthy();
    expect(post).not.toHaveBeenCalled();

    post.mockRejectedValue(
      new ApiError(AnalyticsShareMessages.label, 400, [
        { field: 'label', message: AnalyticsShareMessages.label },
      ]),
    );
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Label'), { target: { value: 'Board' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create link' }));
    expect(await screen.findAllByText(AnalyticsShareMessages.label)).not.toHaveLength(0);
  });

  it('revokes a link only once confirmed', async () => {
    get.mockResolvedValue([share()]);
    del.mockResolvedValue(undefined);
    openDialog();
    fireEvent.click(await screen.findByRole('button', { name: 'Revoke For the board' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Revoke this link?' });
    expect(del).not.toHaveBeenCalled();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(del).toHaveBeenCalledWith(`${SHARES}/s1`));
  });
});
