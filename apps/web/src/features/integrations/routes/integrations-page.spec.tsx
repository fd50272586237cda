import '@/test/text-encoding';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import {
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENTS,
  WebhookMessages,
  type Page,
  type WebhookDeliveryResponse,
  type WebhookEndpointResponse,
} from '@cardcraft/contracts';
import englishIntegrations from '@/i18n/locales/en/integrations.json';
import germanIntegrations from '@/i18n/locales/de/integrations.json';
import { englishLeft, shownTexts } from '@/test/english-left';
import { speak } from '@/test/language';
import { signedInProviders } from '@/test/providers';
import { IntegrationsPage } from './integrations-page';

const get = jest.fn();
jest.mock('@/lib/api-client', () => ({
  api: { get: (...args: unknown[]) => get(...args) },
  fieldErrorsOf: jest.requireActual('@/lib/api-error').fieldErrorsOf,
  normalizeError: jest.requireActual('@/lib/api-error').normalizeError,
}));
jest.mock('@/components/ui/toast', () => ({ toast: jest.fn() }));

const AT = '2026-03-14T09:00:00.000Z';

const crm: WebhookEndpointResponse = {
  id: 'e1',
  teamId: null,
  url: 'https://hooks.example.com/crm',
  description: 'CRM sync',
  events: ['lead.created', 'contact.saved'],
  cardIds: null,
  enabled: true,
  disabledReason: null,
  createdVia: 'dashboard',
  previousSecretExpiresAtUtc: AT,
  createdAtUtc: AT,
  updatedAtUtc: AT,
  lastDelivery: { status: 'succeeded', eventType: 'lead.created', responseStatus: 200, atUtc: AT },
};
const broken: WebhookEndpointResponse = {
  ...crm,
  id: 'e2',
  url: 'https://hooks.example.com/broken',
  description: null,
  events: ['card.published'],
  cardIds: ['p1'],
  enabled: false,
  // the server's words, as the dispatcher writes them
  disabledReason: 'its last 20 deliveries failed, each after every retry.',
  createdVia: 'api',
  previousSecretExpiresAtUtc: null,
  lastDelivery: null,
};
const delivery: WebhookDeliveryResponse = {
  id: 'd1',
  messageId: 'msg_1',
  eventType: 'lead.created',
  status: 'failed',
  attempts: 2,
  responseStatus: 500,
  durationMs: 120,
  createdAtUtc: AT,
  lastAttemptAtUtc: AT,
  nextAttemptAtUtc: AT,
  payload: '{"type":"lead.created"}',
  responseExcerpt: null,
  error: 'The receiver answered 500',
};

beforeEach(() => {
  get.mockReset().mockImplementation((path: string) => {
    if (path === '/api/profiles') {
      return Promise.resolve([{ id: 'p1', handle: 'ada', displayName: 'Ada', published: true, team: null }]);
    }
    if (path === '/api/webhooks') return Promise.resolve([crm, broken]);
    if (path === '/api/webhooks/e1/deliveries') {
      const page: Page<WebhookDeliveryResponse> = { items: [delivery], page: 1, pageSize: 10, total: 1 };
      return Promise.resolve(page);
    }
    if (path === '/api/webhooks/e1/deliveries/d1') return Promise.resolve(delivery);
    return Promise.reject(new Error(`unexpected GET ${path}`));
  });
});

function renderPage() {
  const Providers = signedInProviders();
  render(
    <Providers>
      <MemoryRouter>
        <IntegrationsPage />
      </MemoryRouter>
    </Providers>,
  );
}

/** a catalogue's text with its placeholders filled, as i18next fills them */
const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/{{(\w+)}}/g, (_, name: string) => String(values[name]));

describe('the Integrations page', () => {
  it('says in English what the contracts say: the events and the secret shown once', () => {
    const events = englishIntegrations.events as Record<string, Record<string, string>>;
    for (const event of WEBHOOK_EVENTS) {
      const [kind, action] = event.split('.');
      expect(events[kind][action]).toBe(WEBHOOK_EVENT_LABELS[event]);
    }
    expect(englishIntegrations.secret.shownOnce).toBe(WebhookMessages.secretShownOnce);
  });

  it('shows each endpoint: its state, last delivery, cards, and why the product turned it off', async () => {
    renderPage();
    const first = (await screen.findByRole('heading', { name: 'CRM sync' })).closest('li')!;
    expect(within(first).getByText(/Last delivery:/)).toBeTruthy();
    expect(within(first).getByText('Delivered')).toBeTruthy();
    expect(within(first).getByText('Every card')).toBeTruthy();
    expect(within(first).getByTitle('A visitor leaves a message')).toBeTruthy();
    const second = screen.getByRole('heading', { name: 'https://hooks.example.com/broken' }).closest('li')!;
    expect(
      within(second).getByText('Turned off because its last 20 deliveries failed, each after every retry.'),
    ).toBeTruthy();
    expect(within(second).getByText('1 of the cards')).toBeTruthy();
    expect(within(second).getByText('Made by an API client')).toBeTruthy();
    expect(within(second).getByText('Nothing sent yet')).toBeTruthy();
  });

  it("speaks the app's language: the endpoints, the server's reason, the deliveries, the dates and the form", async () => {
    await speak('de');
    renderPage();
    const de = germanIntegrations;
    expect(await screen.findByRole('heading', { level: 1, name: de.page.title })).toBeTruthy();
    const first = (await screen.findByRole('heading', { name: 'CRM sync' })).closest('li')!;
    expect(within(first).getByText(de.deliveries.succeeded)).toBeTruthy();
    expect(within(first).getByTitle(de.events.lead.created)).toBeTruthy();
    // the last delivery's day and the previous secret's, as German writes them
    expect(within(first).getAllByText(/14\.03\.2026/)).toHaveLength(2);
    const second = screen.getByRole('heading', { name: 'https://hooks.example.com/broken' }).closest('li')!;
    const reason = fill(de.endpoint.reasons.failures_other, { count: 20 });
    expect(within(second).getByText(fill(de.endpoint.turnedOffBecause, { reason }))).toBeTruthy();
    expect(within(second).getByText(fill(de.endpoint.someCards_one, { count: 1 }))).toBeTruthy();
    expect(englishLeft(englishIntegrations, de)).toEqual([]);

    fireEvent.click(within(first).getByRole('button', { name: de.endpoint.deliveries }));
    expect(
      await within(first).findByText(fill(de.deliveries.attemptCount_other, { count: 2 }), { exact: false }),
    ).toBeTruthy();
    expect(
      within(first).getByText(fill(de.deliveries.total_one, { count: 1 }), { exact: false }),
    ).toBeTruthy();
    await act(async () => {
      fireEvent.click(within(first).getByRole('button', { name: /^Details/ }));
    });
    const detail = await screen.findByRole('dialog', {
      name: fill(de.deliveries.titleOf, { event: 'lead.created' }),
    });
    expect(await within(detail).findByText(/Nächster Versuch/)).toBeTruthy();
    // what the receiver said is the server's, as it came
    expect(within(detail).getByText('The receiver answered 500')).toBeTruthy();
    // the dialog's own close button (components/ui) says Close too: the footer's says it in German
    expect(englishLeft(englishIntegrations, de, shownTexts(), ['Close'])).toEqual([]);
    fireEvent.click(within(detail).getAllByRole('button', { name: de.actions.close }).at(-1)!);

    fireEvent.click(screen.getAllByRole('button', { name: de.webhooks.add })[0]);
    const form = await screen.findByRole('dialog', { name: de.form.addTitle });
    expect(within(form).getByRole('checkbox', { name: new RegExp(de.events.card.published) })).toBeTruthy();
    expect(within(form).getByText(de.form.cardsHint)).toBeTruthy();
    expect(englishLeft(englishIntegrations, de, shownTexts(), ['Close'])).toEqual([]);
  });
});
