import '@/test/text-encoding';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type { TeamCardResponse, TeamMemberResponse, TeamResponse } from '@cardcraft/contracts';
import { normalizeError } from '@/lib/api-error';
import { SessionStore } from '@/lib/session';
import { memoryStorage } from '@/test/memory-storage';
import { providers } from '@/test/providers';
import { LeaveTeamDialog } from './leave-team-dialog';

const get = jest.fn();
const del = jest.fn();
jest.mock('@/lib/api-client', () => ({
  api: {
    get: (...args: unknown[]) => get(...args),
    delete: (...args: unknown[]) => del(...args),
  },
  normalizeError: (error: unknown) => normalizeError(error),
}));

const BRAND = {
  companyName: null,
  logoUrl: null,
  bannerUrl: null,
  website: null,
  primaryColor: null,
  secondaryColor: null,
};
const team = (role: TeamResponse['role']): TeamResponse => ({
  id: 't1',
  name: 'Initech Sales',
  brand: BRAND,
  role,
  requireSecondFactor: false,
  createdAtUtc: '2026-01-01T00:00:00.000Z',
});
const card = (holderId: string): TeamCardResponse => ({
  profileId: `card-of-${holderId}`,
  handle: `card-${holderId}`,
  displayName: 'Peter Gibbons',
  tagline: null,
  published: true,
  templateId: null,
  holder: { userId: holderId, displayName: 'Peter Gibbons', email: 'peter@initech.example' },
  updatedAtUtc: '2026-01-02T00:00:00.000Z',
});
const member = (userId: string, role: TeamMemberResponse['role']): TeamMemberResponse => ({
  userId,
  email: `${userId}@initech.example`,
  displayName: userId,
  role,
  joinedAtUtc: '2026-01-01T00:00:00.000Z',
  cardCount: 0,
  secondFactor: false,
});

function renderLeave(role: TeamResponse['role']) {
  const store = new SessionStore({ storage: memoryStorage });
  store.hydrate();
  store.set({
    expiresAtUtc: new Date(Date.now() + 3_600_000).toISOString(),
    userId: 'peter',
    email: 'peter@initech.example',
    displayName: 'Peter Gibbons',
    activeProfileHandle: '',
  });
  const Providers = providers(new QueryClient({ defaultOptions: { queries: { retry: false } } }), store);
  render(
    <Providers>
      <MemoryRouter initialEntries={['/dashboard/teams/t1/cards']}>
        <Routes>
          <Route
            path="/dashboard/teams/:teamId/*"
            element={<LeaveTeamDialog team={team(role)} open onOpenChange={() => {}} />}
          />
          <Route path="/dashboard/teams" element={<p>all teams</p>} />
        </Routes>
      </MemoryRouter>
    </Providers>,
  );
}

beforeEach(() => {
  get.mockReset();
  del.mockReset().mockResolvedValue(undefined);
});

describe('leaving a team', () => {
  it("as a member, never asks for the people (403), and gives the cards to the team's owner", async () => {
    get.mockResolvedValue([card('peter')]);
    renderLeave('member');
    const give = await screen.findByRole('radio', { name: /Give to the team's owner/ });
    expect((give as HTMLInputElement).checked).toBe(true);
    expect(get).toHaveBeenCalledTimes(1);
    expect(get).toHaveBeenCalledWith(
      '/api/teams/t1/cards',
      expect.objectContaining({ query: { memberId: null } }),
    );

    fireEvent.click(screen.getByRole('radio', { name: /unpublished/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Leave team' }));
    expect(await screen.findByText('all teams')).toBeTruthy();
    expect(del).toHaveBeenCalledWith('/api/teams/t1/members/peter', { cards: 'unpublish', transferTo: null });
  });

  it('as the only owner, says to make another owner first', async () => {
    get.mockImplementation((path: string) =>
      Promise.resolve(path.endsWith('/members') ? [member('peter', 'owner'), member('bill', 'admin')] : []),
    );
    renderLeave('owner');
    expect(await screen.findByText(/only owner/)).toBeTruthy();
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Leave team' }) as HTMLButtonElement).disabled).toBe(true),
    );
  });
});
