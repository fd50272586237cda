import '@/test/text-encoding';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import type { ProfileResponse } from '@cardcraft/contracts';
import { ProfileCard } from './profile-card';

const get = jest.fn();
jest.mock('@/lib/api-client', () => ({
  api: { get: (...args: unknown[]) => get(...args) },
}));

// radix's menu measures its trigger with a call jsdom lacks
beforeAll(() => {
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
});

beforeEach(() => get.mockReset());

const SAVE_URL = 'https://pay.google.com/gp/v/save/eyJhbGciOiJSUzI1NiJ9.eyJ0eXAiOiJzYXZldG93YWxsZXQifQ.c2ln';

const card = (patch: Partial<ProfileResponse> = {}): ProfileResponse => ({
  id: '65f0c0ffee0000000000abcd',
  ownerId: 'u1',
  handle: 'grace',
  displayName: 'Grace Hopper',
  tagline: 'Compiler pioneer',
  bio: null,
  published: true,
  theme: 'solar',
  layout: 'neon',
  contact: { email: null, phoneNumber: null, company: 'US Navy', location: null, website: null },
  media: { avatarUrl: null, bannerUrl: null, ogImageUrl: null },
  privacy: {
    collectGeo: true,
    collectIp: false,
    showIdentifiedViewers: false,
    allowMessages: true,
    messageFields: { name: 'off', phone: 'off', company: 'off' },
    questions: [],
    cardExchange: { enabled: false, followUp: null },
  },
  socialLinks: [],
  blocks: [],
  team: null,
  publishedAtUtc: '2026-03-01T09:00:00.000Z',
  createdAtUtc: '2026-03-01T09:00:00.000Z',
  updatedAtUtc: '2026-03-02T09:00:00.000Z',
  ...patch,
});

function renderCard(profile: ProfileResponse, googleWallet: boolean) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <ProfileCard
          profile={profile}
          generating={false}
          onEdit={jest.fn()}
          onQrCode={jest.fn(() => Promise.resolve())}
          onDelete={jest.fn()}
          onDuplicate={jest.fn(() => Promise.resolve())}
          duplicating={false}
          onSignature={jest.fn()}
          googleWallet={googleWallet}
        />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

function openMenu() {
  fireEvent.keyDown(screen.getByRole('button', { name: 'Actions for Grace Hopper' }), { key: 'Enter' });
  return screen.findByRole('menuitem', { name: 'E-mail signature' });
}

describe('the card menu\'s "Save to Google Wallet"', () => {
  it("is a link to Google's save page in a new tab, asked for when the menu opens", async () => {
    get.mockResolvedValue({ url: SAVE_URL });
    renderCard(card(), true);
    expect(get).not.toHaveBeenCalled();
    await openMenu();
    const item = await screen.findByRole('menuitem', { name: /^Save to Google Wallet/ });
    expect(item.tagName).toBe('A');
    expect(item.getAttribute('href')).toBe(SAVE_URL);
    expect(item.getAttribute('target')).toBe('_blank');
    expect(item.getAttribute('rel')?.split(' ')).toEqual(expect.arrayContaining(['noopener', 'noreferrer']));
    expect(get).toHaveBeenCalledWith('/api/profiles/65f0c0ffee0000000000abcd/google-wallet', {
      signal: expect.any(AbortSignal),
    });
  });

  it('waits for the link, and says so when there is none', async () => {
    get.mockRejectedValue(new Error('Google Wallet passes are not set up on this server'));
    renderCard(card(), true);
    await openMenu();
    // no link to follow while it is asked for, nor after it failed
    expect(screen.getByRole('menuitem', { name: 'Preparing Google Wallet...' })).toHaveProperty(
      'tagName',
      'DIV',
    );
    const failed = await screen.findByRole('menuitem', { name: 'Google Wallet unavailable' });
    expect(failed.getAttribute('aria-disabled')).toBe('true');
    expect(screen.queryByRole('menuitem', { name: /^Save to Google Wallet/ })).toBeNull();
  });

  it('is not there when the server makes no Google Wallet links', async () => {
    renderCard(card(), false);
    await openMenu();
    expect(screen.queryByRole('menuitem', { name: /Google Wallet/ })).toBeNull();
    await waitFor(() => expect(get).not.toHaveBeenCalled());
  });

  it('is not offered for a draft', async () => {
    renderCard(card({ published: false }), true);
    fireEvent.keyDown(screen.getByRole('button', { name: 'Actions for Grace Hopper' }), { key: 'Enter' });
    await screen.findByRole('menuitem', { name: 'Edit' });
    expect(screen.queryByRole('menuitem', { name: /Google Wallet/ })).toBeNull();
    expect(get).not.toHaveBeenCalled();
  });
});
