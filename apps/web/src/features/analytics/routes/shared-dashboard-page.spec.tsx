import '@/test/text-encoding';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { AnalyticsShareMessages, type SharedDashboardResponse } from '@cardcraft/contracts';
import english from '@/i18n/locales/en/analytics.json';
import german from '@/i18n/locales/de/analytics.json';
import { HttpError } from '@/lib/api-error';
import { SessionStore } from '@/lib/session';
import { englishLeft } from '@/test/english-left';
import { speak } from '@/test/language';
import { memoryStorage } from '@/test/memory-storage';
import { providers } from '@/test/providers';
import { emptySummary } from '../testing/summary';
import { SharedDashboardPage } from './shared-dashboard-page';

jest.mock('@/config/env', () => ({ env: { apiBaseUrl: '', appOrigin: 'https://cards.example' } }));

const send = jest.fn();
jest.mock('@/lib/api-transport', () => ({
  ...jest.requireActual('@/lib/api-transport'),
  send: (...args: unknown[]) => send(...args),
}));

// recharts measures its box, which jsdom does not have
class NoResize {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= NoResize as unknown as typeof ResizeObserver;

const TOKEN = 'sh4red-t0ken';
const dashboard = (locked: boolean): SharedDashboardResponse => ({
  cardDisplayName: 'Ada Lovelace',
  cardHandle: 'ada',
  locked,
  timeZone: 'Asia/Kolkata',
});
const summary = emptySummary({
  totalVisits: 12,
  uniqueVisitors: 9,
  visitsByCountry: { DE: 8, FR: 4 },
  timeZone: 'Asia/Kolkata',
});

function Address() {
  const location = useLocation();
  return <p data-testid="address">{location.search}</p>;
}

function renderShared(entry = `/share/${TOKEN}`) {
  const store = new SessionStore({ storage: memoryStorage });
  store.hydrate();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MemoryRouter initialEntries={[entry]}>
      <Routes>
        <Route
          path="/share/:token"
          element={
            <>
              <SharedDashboardPage />
              <Address />
            </>
          }
        />
      </Routes>
    </MemoryRouter>,
    { wrapper: providers(client, store) },
  );
}

/** the summaries asked for, by their query */
const summaryQueries = () =>
  send.mock.calls
    .filter(([path]) => String(path).endsWith('/summary'))
    .map(([, options]) => (options as { query: Record<string, string> }).query);

beforeEach(() => send.mockReset());

/** the dashboard locked until `open sesame` is given, then the summary */
function lockedUntilUnlocked(answer = summary) {
  let locked = true;
  send.mockImplementation(async (path: string, options: { method?: string; body?: { password: string } }) => {
    if (path === `/api/shared/analytics/${TOKEN}`) return dashboard(locked);
    if (path.endsWith('/unlock')) {
      if (options.body?.password !== 'open sesame') {
        throw new HttpError('Request failed with status code 401', {
          status: 401,
          data: { error: 'This password is not right' },
        });
      }
      locked = false;
      return null;
    }
    return answer;
  });
}

describe('the shared dashboard', () => {
  it('asks for the password while locked, and shows the figures once unlocked', async () => {
    lockedUntilUnlocked();
    renderShared();
    await screen.findByText('Read-only');
    expect(screen.getByRole('heading', { name: 'Ada Lovelace' })).toBeTruthy();
    expect(document.head.querySelector('meta[name="robots"]')?.getAttribute('content')).toContain('noindex');

    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'wrong' } });
    fireEvent.click(screen.getByRole('button', { name: 'Unlock' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This password is not right');
    expect(summaryQueries()).toEqual([]);

    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'open sesame' } });
    fireEvent.click(screen.getByRole('button', { name: 'Unlock' }));
    await screen.findByText('Total Visits');
    expect(screen.queryByLabelText('Password')).toBeNull();
    // the owner's zone counts the days
    expect(summaryQueries()[0]).toMatchObject({ tz: 'Asia/Kolkata', compare: 'previous' });
    expect(screen.getByTestId('range-note').textContent).toContain('days in Asia/Kolkata');
  });

  it('adds a filter from a row, shows its chip, and the chip removes it; the address keeps the view', async () => {
    send.mockImplementation(async (path: string) =>
      path === `/api/shared/analytics/${TOKEN}` ? dashboard(false) : summary,
    );
    renderShared(`/share/${TOKEN}?from=2026-11-01&to=2026-11-15&compare=year`);
    await screen.findByText('Total Visits');
    expect(summaryQueries()[0]).toEqual({
      from: '2026-10-31T18:30:00.000Z',
      to: '2026-11-15T18:29:59.999Z',
      tz: 'Asia/Kolkata',
      compare: 'year',
    });

    fireEvent.click(screen.getByRole('button', { name: /^Filter by country: Germany/ }));
    const chip = await screen.findByText('Country is Germany');
    expect(chip).toBeTruthy();
    expect(screen.getByTestId('address').textContent).toBe(
      '?from=2026-11-01&to=2026-11-15&compare=year&country=DE',
    );
    await waitFor(() => expect(summaryQueries().at(-1)).toMatchObject({ country: 'DE', compare: 'year' }));

    // another country replaces the first: one filter a key
    fireEvent.click(screen.getByRole('button', { name: /^Filter by country: France/ }));
    await screen.findByText('Country is France');
    expect(screen.queryByText('Country is Germany')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Remove filter: Country is France' }));
    await waitFor(() => expect(screen.queryByText('Country is France')).toBeNull());
    expect(screen.getByTestId('address').textContent).toBe('?from=2026-11-01&to=2026-11-15&compare=year');
  });

  it('says plainly when the link was revoked or never existed', async () => {
    send.mockRejectedValue(
      new HttpError('Request failed with status code 404', { status: 404, data: { error: 'gone' } }),
    );
    renderShared();
    await screen.findByText('This dashboard is not shared');
    expect(screen.getByText('This link was revoked or never existed')).toBeTruthy();
  });

  it('says the shared words in English exactly as the contracts do', () => {
    expect(english.shared.wrongPassword).toBe(AnalyticsShareMessages.wrongPassword);
    expect(english.shared.gone).toBe(AnalyticsShareMessages.notFound);
    expect(english.shared.locked).toBe(`${AnalyticsShareMessages.locked}. Enter it to see the figures.`);
  });

  it('speaks German: the lock, the board with its dates and figures, the filters, and no English left', async () => {
    await speak('de');
    lockedUntilUnlocked(
      emptySummary({
        totalVisits: 1234,
        uniqueVisitors: 9,
        visitsByCountry: { DE: 8, FR: 4 },
        visitsByDevice: { mobile: 1234 },
        visitsByChannel: { qr: 7 },
        timeZone: 'Asia/Kolkata',
      }),
    );
    renderShared(`/share/${TOKEN}?from=2026-11-01&to=2026-11-15`);
    await screen.findByText(german.shared.readOnly);
    expect(document.title).toContain('Ada Lovelace: Analysen');
    expect(screen.getByText(german.shared.locked)).toBeTruthy();
    expect(englishLeft(english, german)).toEqual([]);

    fireEvent.change(screen.getByLabelText(german.shared.password), { target: { value: 'wrong' } });
    fireEvent.click(screen.getByRole('button', { name: german.shared.unlock }));
    expect((await screen.findByRole('alert')).textContent).toBe(german.shared.wrongPassword);

    fireEvent.change(screen.getByLabelText(german.shared.password), { target: { value: 'open sesame' } });
    fireEvent.click(screen.getByRole('button', { name: german.shared.unlock }));
    await screen.findByText(german.stats.totalVisits.title);
    expect(screen.getByTestId('stat-totalVisits').textContent).toBe('1.234');
    expect(screen.getByTestId('range-note').textContent).toContain(
      '1. Nov. – 15. Nov. 2026, Tage in Asia/Kolkata.',
    );
    expect(screen.getByText('Mobilgerät')).toBeTruthy();
    expect(screen.getByText('100 %')).toBeTruthy();

    // the calendar in German too: its months and its buttons' names
    fireEvent.click(
      screen.getByRole('button', { name: `${german.range.choose}, derzeit 1. Nov. – 15. Nov. 2026` }),
    );
    expect(await screen.findByRole('button', { name: 'Zum vorherigen Monat' })).toBeTruthy();
    expect(screen.getByRole('dialog', { name: german.range.chooseDays }).textContent).toContain(
      'November 2026',
    );
    fireEvent.click(screen.getByRole('button', { name: german.range.cancel }));

    fireEvent.click(screen.getByRole('button', { name: /^Nach Land filtern: Deutschland/ }));
    expect(await screen.findByText('Land ist Deutschland')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Filter entfernen: Land ist Deutschland' })).toBeTruthy();
    expect(englishLeft(english, german)).toEqual([]);
  });
});
