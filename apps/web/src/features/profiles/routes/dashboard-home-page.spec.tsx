import '@/test/text-encoding';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { ProfileResponse } from '@cardcraft/contracts';
import englishProfiles from '@/i18n/locales/en/profiles.json';
import frenchProfiles from '@/i18n/locales/fr/profiles.json';
import germanProfiles from '@/i18n/locales/de/profiles.json';
import { normalizeError } from '@/lib/api-error';
import { englishLeft } from '@/test/english-left';
import { speak } from '@/test/language';
import { signedInProviders } from '@/test/providers';
import { DashboardHomePage } from './dashboard-home-page';

// radix's menu measures its trigger with a call jsdom lacks
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

const get = jest.fn();
jest.mock('@/lib/api-client', () => ({
  api: { get: (...args: unknown[]) => get(...args) },
  saveBlob: jest.fn(),
  normalizeError: (error: unknown) => normalizeError(error),
}));

const card = (patch: Partial<ProfileResponse>): ProfileResponse =>
  ({
    id: 'p1',
    handle: 'ada',
    displayName: 'Ada Lovelace',
    tagline: null,
    published: true,
    theme: 'aurora',
    layout: 'neon',
    media: { avatarUrl: null, bannerUrl: null, ogImageUrl: null },
    team: null,
    ...patch,
  }) as ProfileResponse;

function renderDashboard(profiles: ProfileResponse[]) {
  get.mockImplementation((url: string) => {
    if (url === '/api/profiles') return Promise.resolve(profiles);
    if (url === '/api/teams') return Promise.resolve([]);
    if (url === '/api/client-config') return Promise.resolve({ walletPass: true, publicBaseUrl: null });
    return Promise.reject(new Error(`unexpected ${url}`));
  });
  const Providers = signedInProviders();
  render(
    <Providers>
      <MemoryRouter initialEntries={['/dashboard/home']}>
        <DashboardHomePage />
      </MemoryRouter>
    </Providers>,
  );
}

beforeEach(() => get.mockReset());

describe('the dashboard', () => {
  it("lists the cards in the app's language, their state and their menu, no English left", async () => {
    await speak('de');
    const de = germanProfiles;
    renderDashboard([
      card({}),
      card({ id: 'p2', handle: 'grace', displayName: 'Grace Hopper', published: false }),
    ]);
    expect(await screen.findByRole('heading', { name: 'Grace Hopper' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(de.dashboard.title);
    expect(screen.getByText(de.dashboard.description)).toBeTruthy();
    expect(screen.getByText(de.card.published)).toBeTruthy();
    expect(screen.getByText(de.card.draft)).toBeTruthy();
    expect(screen.getAllByText(de.card.noTagline)).toHaveLength(2);
    expect(screen.getByRole('link', { name: de.create })).toBeTruthy();
    expect(
      screen.getByRole('link', { name: 'Öffentliche Seite von Ada Lovelace in neuem Tab öffnen' }),
    ).toBeTruthy();
    expect(document.title).toBe(`${de.dashboard.title} · Cardcraft`);

    fireEvent.keyDown(screen.getByRole('button', { name: 'Aktionen für Ada Lovelace' }), { key: 'Enter' });
    for (const item of [
      de.card.edit,
      de.card.qrCode,
      de.card.signature,
      de.card.appleWallet,
      de.card.duplicate,
    ]) {
      expect(await screen.findByRole('menuitem', { name: item })).toBeTruthy();
    }
    expect(screen.getByRole('menuitem', { name: de.card.delete })).toBeTruthy();
    expect(englishLeft(englishProfiles, germanProfiles)).toEqual([]);
  });

  it('invites the first card in French when there is none', async () => {
    await speak('fr');
    const fr = frenchProfiles;
    renderDashboard([]);
    expect(await screen.findByText(fr.dashboard.emptyTitle)).toBeTruthy();
    expect(screen.getByText(fr.dashboard.emptyText)).toBeTruthy();
    expect(screen.getByRole('link', { name: fr.dashboard.createFirst })).toBeTruthy();
    expect(englishLeft(englishProfiles, frenchProfiles)).toEqual([]);
  });
});
