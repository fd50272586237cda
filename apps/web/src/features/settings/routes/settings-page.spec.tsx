import '@/test/text-encoding';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import i18next from 'i18next';
import { LANGUAGE_NAMES, LANGUAGES } from '@cardcraft/contracts/languages';
import { preferredLanguage } from '@/i18n/app-translations';
import englishSettings from '@/i18n/locales/en/settings.json';
import germanSettings from '@/i18n/locales/de/settings.json';
import japaneseSettings from '@/i18n/locales/ja/settings.json';
import { fieldErrorsOf, normalizeError } from '@/lib/api-error';
import { SessionStore } from '@/lib/session';
import { speak } from '@/test/language';
import { memoryStorage } from '@/test/memory-storage';
import { providers } from '@/test/providers';
import { englishLeft } from '@/test/english-left';
import { SettingsPage } from './settings-page';

const get = jest.fn();
jest.mock('@/lib/api-client', () => ({
  api: { get: (...args: unknown[]) => get(...args) },
  buildUrl: (path: string) => path,
  fieldErrorsOf: (error: unknown) => fieldErrorsOf(error),
  normalizeError: (error: unknown) => normalizeError(error),
}));
const toast = jest.fn();
jest.mock('@/components/ui/toast', () => ({ toast: (...args: unknown[]) => toast(...args) }));

/** what the server holds for an account with two-step verification on, a session elsewhere and no export */
const ANSWERS: Record<string, unknown> = {
  '/api/account/settings': {
    notifyOnMessages: true,
    timeZone: null,
    analyticsReport: 'weekly',
    trafficAlertMultiple: 3,
  },
  '/api/account/second-factor': {
    enabled: true,
    enabledAtUtc: '2026-03-01T08:00:00.000Z',
    recoveryCodesLeft: 7,
  },
  '/api/account/passkeys': [],
  '/api/auth/sessions': {
    sessions: [
      {
        id: 'aaaaaaaaaaaaaaaaaaaaaaaa',
        device: 'Firefox on Mac OS',
        deviceType: 'desktop',
        country: null,
        createdAtUtc: '2026-03-14T09:00:00.000Z',
        lastSeenAtUtc: '2026-03-15T10:30:00.000Z',
        current: true,
      },
      {
        id: 'bbbbbbbbbbbbbbbbbbbbbbbb',
        device: 'Mobile Safari on iOS',
        deviceType: 'mobile',
        country: 'FR',
        createdAtUtc: '2026-03-14T09:00:00.000Z',
        lastSeenAtUtc: '2026-03-15T10:30:00.000Z',
        current: false,
      },
    ],
  },
  '/api/account/export': { export: null },
  '/api/api-keys': [],
};

function renderPage() {
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
    <MemoryRouter initialEntries={['/dashboard/settings']}>
      <Providers>
        <SettingsPage />
      </Providers>
    </MemoryRouter>,
  );
}

/** the page's words, but for the API keys card (another part's, with its own catalogue) */
function settingsText(): string {
  const page = document.body.cloneNode(true) as HTMLElement;
  page.querySelector('#api-keys')?.remove();
  return page.textContent ?? '';
}

/** every card has its data: nothing left loading */
async function loaded() {
  await screen.findAllByTestId('session');
  await waitFor(() => expect(document.querySelector('.animate-pulse')).toBeNull());
}

beforeEach(() => {
  get.mockReset();
  get.mockImplementation((path: string) =>
    path in ANSWERS ? Promise.resolve(ANSWERS[path]) : Promise.reject(new Error(`no answer for ${path}`)),
  );
  toast.mockReset();
  localStorage.clear();
});

afterEach(() => {
  localStorage.clear();
  document.documentElement.lang = 'en';
});

describe('the Settings page', () => {
  it("offers every language by its own name, the screen's selected", async () => {
    renderPage();
    await loaded();
    const select = screen.getByLabelText(englishSettings.language.label, { selector: 'select' });
    const options = within(select).getAllByRole('option') as HTMLOptionElement[];
    expect(options.map((option) => option.value)).toEqual([...LANGUAGES]);
    expect(options.map((option) => option.textContent)).toEqual(LANGUAGES.map((l) => LANGUAGE_NAMES[l]));
    expect(options.map((option) => option.lang)).toEqual([...LANGUAGES]);
    expect((select as HTMLSelectElement).value).toBe('en');
  });

  it('speaks German as soon as it is chosen, and keeps the choice on this device', async () => {
    renderPage();
    await loaded();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(englishSettings.page.title);

    const select = screen.getByLabelText(englishSettings.language.label, { selector: 'select' });
    await act(async () => fireEvent.change(select, { target: { value: 'de' } }));

    await screen.findByRole('heading', { level: 1, name: germanSettings.page.title });
    expect(i18next.language).toBe('de');
    expect(document.documentElement.lang).toBe('de');
    expect(
      (screen.getByLabelText(germanSettings.language.label, { selector: 'select' }) as HTMLSelectElement)
        .value,
    ).toBe('de');
    expect(toast).toHaveBeenCalledWith({ title: germanSettings.language.saved, variant: 'success' });
    // as after a reload: the device's choice wins over the browser's language
    expect(preferredLanguage()).toBe('de');

    const shown = settingsText();
    for (const text of [
      germanSettings.page.description,
      germanSettings.account.title,
      germanSettings.passkeys.unsupported,
      germanSettings.secondFactor.codesLeft_other.replace('{{count}}', '7'),
      germanSettings.sessions.activeNow,
      germanSettings.reports.weekly.label,
      germanSettings.export.noneTitle,
      germanSettings.deleteAccount.title,
    ]) {
      expect(shown).toContain(text);
    }
    // the country and the dates follow the language too
    expect(shown).toContain('Frankreich');
    expect(within(document.getElementById('api-keys')!).getByText(germanSettings.page.apiKeys)).toBeTruthy();
    expect(englishLeft(englishSettings, germanSettings, shown)).toEqual([]);
  });

  it('is read in the language chosen before, Japanese here, counted in its own plural forms', async () => {
    await speak('ja');
    renderPage();
    await loaded();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(japaneseSettings.page.title);
    const shown = settingsText();
    expect(shown).toContain(japaneseSettings.secondFactor.codesLeft_other.replace('{{count}}', '7'));
    expect(englishLeft(englishSettings, japaneseSettings, shown)).toEqual([]);
  });
});
