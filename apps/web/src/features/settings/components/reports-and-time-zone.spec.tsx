import '@/test/text-encoding';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { ApiError, fieldErrorsOf, normalizeError } from '@/lib/api-error';
import { SessionStore } from '@/lib/session';
import { memoryStorage } from '@/test/memory-storage';
import { providers } from '@/test/providers';
import { UnsubscribePage } from '../routes/unsubscribe-page';
import { ReportsCard } from './reports-card';
import { browserZone, TimeZoneCard } from './time-zone-card';

const post = jest.fn();
const get = jest.fn();
const patch = jest.fn();
jest.mock('@/lib/api-client', () => ({
  api: {
    post: (...args: unknown[]) => post(...args),
    get: (...args: unknown[]) => get(...args),
    patch: (...args: unknown[]) => patch(...args),
  },
  fieldErrorsOf: (error: unknown) => fieldErrorsOf(error),
  normalizeError: (error: unknown) => normalizeError(error),
}));
jest.mock('@/components/ui/toast', () => ({ toast: jest.fn() }));

const OFF = { notifyOnMessages: true, timeZone: null, analyticsReport: 'off', trafficAlertMultiple: null };

function renderWith(node: React.ReactNode, path = '/dashboard/settings') {
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
    <MemoryRouter initialEntries={[path]}>
      <Providers>{node}</Providers>
    </MemoryRouter>,
  );
}

beforeEach(() => {
  post.mockReset();
  get.mockReset();
  patch.mockReset();
});

describe('the time zone setting', () => {
  it("shows the browser's zone while none is chosen, finds a zone by a word, and saves it", async () => {
    get.mockResolvedValue(OFF);
    patch.mockImplementation((_path: string, body: object) => Promise.resolve({ ...OFF, ...body }));
    renderWith(<TimeZoneCard />);
    const select = (await screen.findByLabelText('Time zone')) as HTMLSelectElement;
    expect(select.value).toBe('');
    expect(select.selectedOptions[0]!.textContent).toBe(`Browser's zone (${browserZone()})`);
    fireEvent.change(screen.getByLabelText('Search time zones'), { target: { value: 'new york' } });
    const options = [...select.options].map((option) => option.value);
    expect(options).toEqual(['', 'America/New_York']);
    await act(async () => fireEvent.change(select, { target: { value: 'America/New_York' } }));
    expect(patch).toHaveBeenCalledWith('/api/account/settings', { timeZone: 'America/New_York' });
    await waitFor(() => expect(select.value).toBe('America/New_York'));
    // back to the browser's
    await act(async () => fireEvent.change(select, { target: { value: '' } }));
    expect(patch).toHaveBeenLastCalledWith('/api/account/settings', { timeZone: null });
  });
});

describe('the reports and alerts setting', () => {
  it('turns the weekly report and an alert on and off, saying what each means', async () => {
    get.mockResolvedValue({ ...OFF, timeZone: 'Europe/Berlin' });
    patch.mockImplementation((_path: string, body: object) =>
      Promise.resolve({ ...OFF, timeZone: 'Europe/Berlin', ...body }),
    );
    renderWith(<ReportsCard />);
    const report = (await screen.findByLabelText('Analytics report')) as HTMLSelectElement;
    const alert = screen.getByLabelText('Traffic alert') as HTMLSelectElement;
    expect(report.value).toBe('off');
    expect(alert.value).toBe('off');
    expect(screen.getByText('No report by e-mail. The dashboard shows every figure.')).toBeTruthy();
    await act(async () => fireEvent.change(report, { target: { value: 'weekly' } }));
    expect(patch).toHaveBeenCalledWith('/api/account/settings', { analyticsReport: 'weekly' });
    await waitFor(() =>
      expect(
        screen.getByText("Every Monday: last week's visits, sources and links of each card (Europe/Berlin)."),
      ).toBeTruthy(),
    );
    await act(async () => fireEvent.change(alert, { target: { value: '5' } }));
    expect(patch).toHaveBeenLastCalledWith('/api/account/settings', { trafficAlertMultiple: 5 });
    await waitFor(() =>
      expect(
        screen.getByText(
          "An e-mail when a card's visits in an hour reach 5 times its usual hour (at least 10 visits), once a day at most.",
        ),
      ).toBeTruthy(),
    );
    expect([...alert.options].map((option) => option.textContent)).toEqual([
      'Off',
      '2× the usual visits',
      '3× the usual visits',
      '5× the usual visits',
      '10× the usual visits',
    ]);
    await act(async () => fireEvent.change(alert, { target: { value: 'off' } }));
    expect(patch).toHaveBeenLastCalledWith('/api/account/settings', { trafficAlertMultiple: null });
  });
});

describe('the unsubscribe page', () => {
  const token = `report.${'a'.repeat(24)}.${'A'.repeat(43)}`;

  it('changes nothing until its button is pressed, then says what was turned off', async () => {
    post.mockResolvedValue({ unsubscribed: 'report', message: 'You will get no more analytics reports.' });
    renderWith(<UnsubscribePage />, `/unsubscribe?token=${token}`);
    expect(post).not.toHaveBeenCalled();
    expect(screen.getByText('Stop the analytics report by e-mail')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Unsubscribe' })));
    expect(post).toHaveBeenCalledWith('/api/mail/unsubscribe', { token });
    expect((await screen.findByRole('status')).textContent).toBe('You will get no more analytics reports.');
  });

  it('shows the answer to a bad link', async () => {
    post.mockRejectedValue(new ApiError('This unsubscribe link is not valid.', 400));
    renderWith(<UnsubscribePage />, `/unsubscribe?token=${token}`);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Unsubscribe' })));
    expect((await screen.findByRole('alert')).textContent).toContain('This unsubscribe link is not valid.');
  });

  it('says an incomplete link is not complete, with no button', () => {
    renderWith(<UnsubscribePage />, '/unsubscribe?token=oops');
    expect(screen.getByRole('alert').textContent).toContain('This unsubscribe link is not complete');
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).toBeNull();
  });
});
