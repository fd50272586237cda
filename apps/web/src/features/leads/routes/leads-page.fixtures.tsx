// the Leads page's specs: the cards and leads they answer with, and the page in its router and providers
import { act, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { MemoryRouter, useLocation } from 'react-router-dom';
import type { AccountLeadResponse, ProfileResponse } from '@cardcraft/contracts';
import { SessionStore } from '@/lib/session';
import { memoryStorage } from '@/test/memory-storage';
import { providers } from '@/test/providers';
import { LeadsPage } from './leads-page';

export const cards = [
  { id: 'p1', handle: 'ada', displayName: 'Ada', published: true },
  { id: 'p2', handle: 'grace', displayName: 'Grace', published: true },
] as ProfileResponse[];

function lead(patchWith: Partial<AccountLeadResponse>): AccountLeadResponse {
  return {
    id: 'l1',
    profileId: 'p1',
    email: 'kj@nasa.example.com',
    message: 'Your wind tunnel talk was great.',
    name: 'Katherine Johnson',
    phone: null,
    company: 'NASA Langley',
    consent: true,
    consentText: 'I agree to receive a follow-up',
    visitorUserId: null,
    answers: [],
    cardExchange: null,
    createdAtUtc: '2026-03-02T10:00:00.000Z',
    status: 'new',
    tags: ['vip'],
    note: null,
    updatedAtUtc: '2026-03-02T10:00:00.000Z',
    statusChangedAtUtc: null,
    followUp: { state: 'signals', score: 5, reasons: ['Saved your contact', 'Viewed twice'] },
    cardHandle: 'ada',
    cardDisplayName: 'Ada',
    ...patchWith,
  };
}

export const katherine = lead({
  answers: [{ questionId: 'q1', label: 'Which talk?', kind: 'one_choice', value: 'Wind tunnels' }],
  cardExchange: {
    consentText: 'Send me your card by e-mail',
    consentedAtUtc: '2026-03-02T10:00:00.000Z',
    cardSent: true,
  },
});
export const dorothy = lead({
  id: 'l2',
  email: 'dv@nasa.example.com',
  name: 'Dorothy Vaughan',
  company: null,
  tags: [],
  followUp: { state: 'notCollected', score: 0, reasons: [] },
  profileId: 'p2',
  cardHandle: 'grace',
});

/** shows where the router is, for the test to read */
function Where() {
  const here = useLocation();
  return <output data-testid="where">{here.search}</output>;
}

export function renderPage(entry = '/dashboard/leads') {
  const store = new SessionStore({ storage: memoryStorage });
  store.hydrate();
  store.set({
    expiresAtUtc: new Date(Date.now() + 3_600_000).toISOString(),
    userId: 'u1',
    email: 'mary@example.com',
    displayName: 'Mary',
    activeProfileHandle: 'ada',
  });
  const Providers = providers(new QueryClient({ defaultOptions: { queries: { retry: false } } }), store);
  return render(
    <Providers>
      <MemoryRouter initialEntries={[entry]}>
        <LeadsPage />
        <Where />
      </MemoryRouter>
    </Providers>,
  );
}

export const where = () => new URLSearchParams(screen.getByTestId('where').textContent ?? '');

/** a catalogue's text with its placeholders filled, as i18next fills them */
export const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/{{(\w+)}}/g, (_, name: string) => String(values[name]));

export async function choose(trigger: HTMLElement, option: string) {
  await act(async () => {
    fireEvent.keyDown(trigger, { key: 'Enter' });
  });
  const item = await screen.findByRole('option', { name: option });
  await act(async () => {
    fireEvent.keyDown(item, { key: 'Enter' });
  });
}
