import '@/test/text-encoding';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import type { TeamResponse } from '@cardcraft/contracts';
import englishTeams from '@/i18n/locales/en/teams.json';
import frenchTeams from '@/i18n/locales/fr/teams.json';
import { normalizeError } from '@/lib/api-error';
import { SessionStore } from '@/lib/session';
import { speak } from '@/test/language';
import { memoryStorage } from '@/test/memory-storage';
import { providers } from '@/test/providers';
import { TeamsPage } from './teams-page';

const get = jest.fn();
const post = jest.fn();
jest.mock('@/lib/api-client', () => ({
  api: {
    get: (...args: unknown[]) => get(...args),
    post: (...args: unknown[]) => post(...args),
  },
  fieldErrorsOf: () => [],
  normalizeError: (error: unknown) => normalizeError(error),
}));

const toast = jest.fn();
jest.mock('@/components/ui/toast', () => ({ toast: (...args: unknown[]) => toast(...args) }));

const team = (
  id: string,
  name: string,
  role: TeamResponse['role'],
  companyName: string | null,
): TeamResponse => ({
  id,
  name,
  brand: {
    companyName,
    logoUrl: null,
    bannerUrl: null,
    website: null,
    primaryColor: null,
    secondaryColor: null,
  },
  role,
  requireSecondFactor: false,
  createdAtUtc: '2026-01-01T00:00:00.000Z',
});

/** a text as testing-library reads the page: French's non-breaking spaces (before a colon) as spaces */
const shown = (text: string) => text.replace(/\s+/g, ' ');

function Landed() {
  return <p data-testid="landed">{useLocation().pathname}</p>;
}

function renderTeams() {
  const store = new SessionStore({ storage: memoryStorage });
  store.hydrate();
  store.set({
    expiresAtUtc: new Date(Date.now() + 3_600_000).toISOString(),
    userId: 'u1',
    email: 'peter@initech.example',
    displayName: 'Peter Gibbons',
    activeProfileHandle: '',
  });
  const Providers = providers(new QueryClient({ defaultOptions: { queries: { retry: false } } }), store);
  render(
    <Providers>
      <MemoryRouter initialEntries={['/dashboard/teams']}>
        <Routes>
          <Route path="/dashboard/teams" element={<TeamsPage />} />
          <Route path="*" element={<Landed />} />
        </Routes>
      </MemoryRouter>
    </Providers>,
  );
}

beforeEach(() => {
  get.mockReset();
  post.mockReset();
  toast.mockReset();
});

describe('the teams page', () => {
  it("lists the caller's teams with their company and the caller's role", async () => {
    get.mockResolvedValue([
      team('t1', 'Initech Sales', 'owner', 'Initech'),
      team('t2', 'Chetco', 'member', null),
    ]);
    renderTeams();
    expect(await screen.findByRole('link', { name: /Initech Sales/ })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Initech Sales/ }).textContent).toContain('InitechOwner');
    expect(screen.getByRole('link', { name: /Chetco/ }).textContent).toContain('No company name yetMember');
    expect(get).toHaveBeenCalledWith('/api/teams', expect.anything());
    expect(document.title).toBe('Teams · Cardcraft');
  });

  it('with no team yet, says how to get one, and creates one that opens on its brand', async () => {
    get.mockResolvedValue([]);
    post.mockResolvedValue(team('t9', 'Initech Sales', 'owner', null));
    renderTeams();
    expect(await screen.findByRole('heading', { name: 'No teams yet' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Team name'), { target: { value: 'Initech Sales' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Create team' })));
    expect(post).toHaveBeenCalledWith('/api/teams', { name: 'Initech Sales' });
    expect(toast).toHaveBeenCalledWith({
      title: 'Team "Initech Sales" created',
      description: 'Set its brand, then invite people.',
    });
    expect((await screen.findByTestId('landed')).textContent).toBe('/dashboard/teams/t9/brand');
  });

  it("speaks the app's language: headings, roles, the form and its toast, and no English left", async () => {
    await speak('fr');
    get.mockResolvedValue([team('t1', 'Initech Sales', 'admin', null)]);
    post.mockResolvedValue(team('t9', 'Chetco', 'owner', null));
    renderTeams();
    const tile = await screen.findByRole('link', { name: /Initech Sales/ });
    expect(tile.textContent).toContain(`${frenchTeams.list.noCompany}${frenchTeams.roles.admin}`);
    expect(screen.getByRole('heading', { name: frenchTeams.list.title })).toBeTruthy();
    expect(screen.getByText(shown(frenchTeams.list.description))).toBeTruthy();
    expect(screen.getByText(frenchTeams.create.title)).toBeTruthy();
    expect(screen.getByText(shown(frenchTeams.create.description))).toBeTruthy();
    expect(document.title).toBe(`${frenchTeams.list.title} · Cardcraft`);

    const page = document.body.textContent ?? '';
    for (const english of [
      englishTeams.list.title,
      englishTeams.list.description,
      englishTeams.list.yourTeams,
      englishTeams.list.noCompany,
      englishTeams.create.title,
      englishTeams.create.description,
      englishTeams.create.name,
      englishTeams.create.submit,
    ]) {
      expect(page).not.toContain(english);
    }

    fireEvent.change(screen.getByLabelText(frenchTeams.create.name), { target: { value: 'Chetco' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: frenchTeams.create.submit })));
    expect(toast).toHaveBeenCalledWith({
      title: frenchTeams.create.created.replace('{{name}}', 'Chetco'),
      description: frenchTeams.create.createdText,
    });
  });
});
