import '@/test/text-encoding';
import { render, screen, waitFor } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type { PublicProfileResponse } from '@cardcraft/contracts/responses';
import { ApiError } from '@/lib/api-error';
import { SessionStore } from '@/lib/session';
import { DEMO_PROFILE } from '../data/demo-profile';
import { PublicProfilePage } from './public-profile-page';
import { memoryStorage } from '@/test/memory-storage';
import { providers } from '@/test/providers';

const get = jest.fn();
jest.mock('@/lib/api-client', () => ({
  api: { get: (...args: unknown[]) => get(...args), post: jest.fn() },
  buildUrl: (path: string) => path,
  saveBlob: jest.fn(),
}));

function signedIn(userId: string): SessionStore {
  const session = {
    expiresAtUtc: new Date(Date.now() + 3_600_000).toISOString(),
    userId,
    email: `${userId}@example.com`,
    displayName: 'Someone',
    activeProfileHandle: '',
  };
  return new SessionStore({ storage: () => memoryStorage({ 'cardcraft.session': JSON.stringify(session) }) });
}

const card: PublicProfileResponse = { ...DEMO_PROFILE, id: 'p1', ownerId: 'owner-1', handle: 'alex' };

function renderAt(path: string, store = new SessionStore({ storage: () => memoryStorage() })) {
  const client = new QueryClient({ defaultOptions: { queries: { retryDelay: 0 } } });
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/u/:handle" element={<PublicProfilePage />} />
      </Routes>
    </MemoryRouter>,
    { wrapper: providers(client, store) },
  );
  return store;
}

beforeEach(() => {
  get.mockReset();
  window.history.replaceState(
    null,
    '',
    '/u/alex?utm_source=newsletter&utm_medium=email&utm_campaign=launch&src=qr&x=1',
  );
});

describe('PublicProfilePage', () => {
  it('reads the card by handle with the visit context of the page address', async () => {
    get.mockResolvedValue(card);
    renderAt('/u/Alex');
    await screen.findByRole('heading', { level: 1, name: 'Alex Morgan' });
    expect(get).toHaveBeenCalledWith('/api/public/profiles/alex', {
      query: { utm_source: 'newsletter', utm_medium: 'email', utm_campaign: 'launch', src: 'qr' },
    });
    expect(document.title).toBe('Alex Morgan - Digital Business Card');
  });

  it('shows a guest the Guest View badge and the message form', async () => {
    get.mockResolvedValue(card);
    renderAt('/u/alex');
    expect(await screen.findByText('Guest View')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Leave a Message' })).toBeTruthy();
  });

  it('shows a signed-in visitor Viewing as User, with their e-mail in the form', async () => {
    get.mockResolvedValue(card);
    renderAt('/u/alex', signedIn('someone'));
    expect(await screen.findByText('Viewing as User')).toBeTruthy();
    expect((screen.getByLabelText('Your email') as HTMLInputElement).value).toBe('someone@example.com');
  });

  it('shows the owner Your Profile and no message form, even for a draft', async () => {
    get.mockResolvedValue({ ...card, published: false, publishedAtUtc: null });
    renderAt('/u/alex', signedIn('owner-1'));
    expect(await screen.findByText('Your Profile')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Leave a Message' })).toBeNull();
    expect(screen.getByText(/Draft: only you can see this card/)).toBeTruthy();
  });

  it('hides the message form when the owner does not allow messages', async () => {
    get.mockResolvedValue({ ...card, allowMessages: false });
    renderAt('/u/alex');
    await screen.findByText('Guest View');
    expect(screen.queryByRole('region', { name: 'Leave a Message' })).toBeNull();
  });

  it('says a draft is not available to anyone but its owner', async () => {
    get.mockResolvedValue({ ...card, published: false, publishedAtUtc: null });
    renderAt('/u/alex');
    expect(await screen.findByRole('heading', { name: 'Profile not available' })).toBeTruthy();
  });

  it('says a missing card was not found, without a second try', async () => {
    get.mockRejectedValue(new ApiError('Profile not found', 404));
    renderAt('/u/nobody');
    expect(await screen.findByRole('heading', { name: 'Profile not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go home' })).toBeTruthy();
    expect(get).toHaveBeenCalledTimes(1);
  });

  it('tries once more when the read fails for another reason', async () => {
    get.mockRejectedValueOnce(new ApiError('Network Error')).mockResolvedValueOnce(card);
    renderAt('/u/alex');
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Alex Morgan' })).toBeTruthy());
    expect(get).toHaveBeenCalledTimes(2);
  });
});
