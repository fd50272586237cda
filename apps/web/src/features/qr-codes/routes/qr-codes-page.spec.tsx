import '@/test/text-encoding';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { onlineManager } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import type { ClientConfigResponse, ProfileResponse, QrResponse } from '@cardcraft/contracts';
import { NETWORK_ERROR_MESSAGE } from '@/lib/api-error';
import { OFFLINE_QR_CODES_KEY, offlineQrCodes } from '@/lib/offline-qr-codes';
import germanProfiles from '@/i18n/locales/de/profiles.json';
import englishProfiles from '@/i18n/locales/en/profiles.json';
import { englishLeft } from '@/test/english-left';
import { speak } from '@/test/language';
import { signedInProviders } from '@/test/providers';
import { QrCodesPage } from './qr-codes-page';

const get = jest.fn();
jest.mock('@/lib/api-client', () => ({
  normalizeError: jest.requireActual('@/lib/api-error').normalizeError,
  api: { get: (...args: unknown[]) => get(...args) },
}));

const cards = [
  { id: 'p1', handle: 'ada', displayName: 'Ada Lovelace', published: true },
  { id: 'p2', handle: 'draft-card', displayName: 'Not yet', published: false },
  { id: 'p3', handle: 'grace', displayName: 'Grace Hopper', published: true },
] as ProfileResponse[];
const config: ClientConfigResponse = {
  publicBaseUrl: 'https://cards.example',
  walletPass: false,
  googleWallet: false,
};
const qrOf = (id: string): QrResponse => ({
  qrCode: `data:image/png;base64,${btoa(`code of ${id}`)}`,
  profileUrl: `https://cards.example/u/${id}?src=qr`,
});
const savedAda = {
  userId: 'u1',
  savedAt: '2026-03-02T10:00:00.000Z',
  cards: [
    {
      id: 'p1',
      displayName: 'Ada Lovelace',
      handle: 'ada',
      link: 'https://cards.example/u/ada',
      qrCode: qrOf('p1').qrCode,
    },
  ],
};

/** the API as it answers online */
function serverAnswers(path: string) {
  if (path === '/api/profiles') return Promise.resolve(cards);
  if (path === '/api/client-config') return Promise.resolve(config);
  const qr = /^\/api\/profiles\/(\w+)\/qr$/.exec(path);
  if (qr) return Promise.resolve(qrOf(qr[1]!));
  return Promise.reject(new Error(`unexpected GET ${path}`));
}

/** what the API client throws when fetch cannot reach the server */
const unreachable = () => Promise.reject(Object.assign(new Error(NETWORK_ERROR_MESSAGE), { status: 0 }));

let online = true;
beforeAll(() => {
  jest.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
});

beforeEach(() => {
  online = true;
  // back online for React Query too, which a test's 'offline' event has told otherwise (it listens
  // only while a client is mounted, so it is told directly)
  onlineManager.setOnline(true);
  localStorage.clear();
  get.mockReset().mockImplementation(serverAnswers);
});

function renderPage() {
  const Providers = signedInProviders();
  return render(
    <Providers>
      <MemoryRouter initialEntries={['/dashboard/qr-codes']}>
        <QrCodesPage />
      </MemoryRouter>
    </Providers>,
  );
}

const shownCards = () => screen.getAllByTestId('qr-code-card');

describe('My QR codes', () => {
  it("shows each published card's name, its code and its public link, and no draft", async () => {
    renderPage();
    await screen.findByRole('heading', { name: 'Ada Lovelace' });
    expect(shownCards()).toHaveLength(2);
    const ada = within(shownCards()[0]!);
    expect(
      ada.getByRole('img', { name: 'QR code for Ada Lovelace: https://cards.example/u/ada' }),
    ).toHaveProperty('src', qrOf('p1').qrCode);
    expect(ada.getByRole('link', { name: /https:\/\/cards\.example\/u\/ada/ })).toHaveProperty(
      'href',
      'https://cards.example/u/ada',
    );
    expect(within(shownCards()[1]!).getByRole('heading').textContent).toBe('Grace Hopper');
    expect(screen.queryByText('Not yet')).toBeNull();
    expect(screen.queryByTestId('saved-copy-note')).toBeNull();
    // the code is the one the dashboard's QR dialog starts from
    expect(get).toHaveBeenCalledWith(
      '/api/profiles/p1/qr',
      expect.objectContaining({ query: { size: 8, format: 'dataurl' } }),
    );
  });

  it('keeps the public part on the device for offline, for this account', async () => {
    renderPage();
    await screen.findByRole('heading', { name: 'Grace Hopper' });
    await waitFor(() => expect(offlineQrCodes.read('u1')?.cards).toHaveLength(2));
    expect(offlineQrCodes.read('u1')?.cards).toEqual([
      {
        id: 'p1',
        displayName: 'Ada Lovelace',
        handle: 'ada',
        link: 'https://cards.example/u/ada',
        qrCode: qrOf('p1').qrCode,
      },
      {
        id: 'p3',
        displayName: 'Grace Hopper',
        handle: 'grace',
        link: 'https://cards.example/u/grace',
        qrCode: qrOf('p3').qrCode,
      },
    ]);
  });

  it('opens offline from the saved copy, and says so and from when', async () => {
    localStorage.setItem(OFFLINE_QR_CODES_KEY, JSON.stringify(savedAda));
    online = false;
    get.mockImplementation(unreachable);
    renderPage();
    const note = await screen.findByTestId('saved-copy-note');
    expect(note.textContent).toMatch(
      /^You're offline\. These are the codes saved on this device on Mar 2, 2026/,
    );
    expect(shownCards()).toHaveLength(1);
    expect(within(shownCards()[0]!).getByRole('img').getAttribute('src')).toBe(savedAda.cards[0]!.qrCode);
    expect(screen.getByRole('link', { name: /https:\/\/cards\.example\/u\/ada/ })).toBeDefined();
  });

  it("opens offline in the app's language, its date too", async () => {
    await speak('de');
    localStorage.setItem(OFFLINE_QR_CODES_KEY, JSON.stringify(savedAda));
    online = false;
    get.mockImplementation(unreachable);
    renderPage();
    const note = await screen.findByTestId('saved-copy-note');
    expect(note.textContent).toContain(germanProfiles.qrCodes.offline);
    expect(note.textContent).toContain('02.03.2026');
    screen.getByRole('heading', { name: germanProfiles.qrCodes.title });
    expect(within(shownCards()[0]!).getByRole('img').getAttribute('alt')).toBe(
      'QR-Code für Ada Lovelace: https://cards.example/u/ada',
    );
    expect(englishLeft(englishProfiles.qrCodes, germanProfiles.qrCodes)).toEqual([]);
  });

  it('shows the saved copy when the server cannot be reached although the browser is online', async () => {
    localStorage.setItem(OFFLINE_QR_CODES_KEY, JSON.stringify(savedAda));
    get.mockImplementation(unreachable);
    renderPage();
    const note = await screen.findByTestId('saved-copy-note');
    expect(note.textContent).toMatch(/^Cardcraft could not be reached\./);
    expect(shownCards()).toHaveLength(1);
  });

  it("says what to do when offline with nothing saved, and shows no other account's codes", async () => {
    localStorage.setItem(OFFLINE_QR_CODES_KEY, JSON.stringify({ ...savedAda, userId: 'someone-else' }));
    online = false;
    get.mockImplementation(unreachable);
    renderPage();
    await screen.findByRole('heading', { name: "You're offline" });
    expect(screen.getByText(/Open My QR codes once while online/)).toBeDefined();
    expect(screen.queryByTestId('qr-code-card')).toBeNull();
  });

  it('switches to the saved copy when the network goes while the codes load', async () => {
    localStorage.setItem(OFFLINE_QR_CODES_KEY, JSON.stringify(savedAda));
    // the server never answers: the screen waits, until the browser says it is offline
    get.mockImplementation(() => new Promise(() => undefined));
    renderPage();
    await screen.findByText('Loading QR codes');
    online = false;
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    await screen.findByTestId('saved-copy-note');
    expect(shownCards()).toHaveLength(1);
  });

  it('points to the profiles when no card is published', async () => {
    get.mockImplementation((path: string) =>
      path === '/api/profiles' ? Promise.resolve([cards[1]]) : serverAnswers(path),
    );
    renderPage();
    await screen.findByRole('heading', { name: 'No published cards' });
    expect(screen.getByRole('link', { name: 'Go to your profiles' }).getAttribute('href')).toBe(
      '/dashboard/home',
    );
  });

  it('says the codes could not be loaded when the server fails and nothing is saved', async () => {
    get.mockImplementation(unreachable);
    renderPage();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Failed to load your QR codes. Please try again later.',
    );
  });
});
