import '@/test/text-encoding';
import { fireEvent, render, screen } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { TeamMessages, type InvitationPreviewResponse } from '@cardcraft/contracts';
import { ApiError, normalizeError } from '@/lib/api-error';
import { SessionStore } from '@/lib/session';
import { memoryStorage } from '@/test/memory-storage';
import { providers } from '@/test/providers';
import { InvitePage } from './invite-page';

const get = jest.fn();
const post = jest.fn();
jest.mock('@/lib/api-client', () => ({
  api: {
    get: (...args: unknown[]) => get(...args),
    post: (...args: unknown[]) => post(...args),
  },
  normalizeError: (error: unknown) => normalizeError(error),
}));

const PREVIEW: InvitationPreviewResponse = {
  teamName: 'Initech Sales',
  brand: {
    companyName: 'Initech',
    logoUrl: null,
    bannerUrl: null,
    website: null,
    primaryColor: '#1d4ed8',
    secondaryColor: null,
  },
  email: 'peter@initech.example',
  role: 'member',
  invitedByName: 'Bill Lumbergh',
  expiresAtUtc: '2026-12-03T12:00:00.000Z',
};

/** where a link went, with the state it carried */
function Landed() {
  const location = useLocation();
  return (
    <p data-testid="landed">
      {location.pathname}
      {location.search} {JSON.stringify(location.state)}
    </p>
  );
}

function renderInvite(signedInAs: string | null) {
  const store = new SessionStore({ storage: memoryStorage });
  store.hydrate();
  if (signedInAs) {
    store.set({
      expiresAtUtc: new Date(Date.now() + 3_600_000).toISOString(),
      userId: 'u2',
      email: signedInAs,
      displayName: 'Peter Gibbons',
      activeProfileHandle: '',
    });
  }
  const Providers = providers(new QueryClient({ defaultOptions: { queries: { retry: false } } }), store);
  render(
    <Providers>
      <MemoryRouter initialEntries={['/invite/tok-123']}>
        <Routes>
          <Route path="/invite/:token" element={<InvitePage />} />
          <Route path="*" element={<Landed />} />
        </Routes>
      </MemoryRouter>
    </Providers>,
  );
}

beforeEach(() => {
  get.mockReset();
  post.mockReset();
});

describe('the invitation page', () => {
  it('says so when the link is no longer good', async () => {
    get.mockRejectedValue(new ApiError(TeamMessages.invitationInvalid, 404));
    renderInvite(null);
    expect(await screen.findByRole('heading', { name: 'Invitation not found' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(TeamMessages.invitationInvalid);
    expect(get).toHaveBeenCalledWith('/api/invitations/tok-123', expect.anything());
  });

  it('shows the team and the invited address, and signed out offers sign-up and sign-in that come back here', async () => {
    get.mockResolvedValue(PREVIEW);
    renderInvite(null);
    expect(await screen.findByRole('heading', { name: 'Join Initech Sales' })).toBeTruthy();
    expect(screen.getAllByText('peter@initech.example', { exact: false }).length).toBeGreaterThan(0);
    expect(screen.getByText('Bill Lumbergh')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Join/ })).toBeNull();

    fireEvent.click(screen.getByRole('link', { name: 'Create an account' }));
    expect(screen.getByTestId('landed').textContent).toBe(
      '/auth/register?next=%2Finvite%2Ftok-123 {"email":"peter@initech.example"}',
    );
  });

  it('signed in with the invited address, joins and goes to the team', async () => {
    get.mockResolvedValue(PREVIEW);
    post.mockResolvedValue({ teamId: 't1', profileId: 'p9' });
    renderInvite('Peter@Initech.example');
    fireEvent.click(await screen.findByRole('button', { name: 'Join Initech Sales' }));
    expect((await screen.findByTestId('landed')).textContent).toContain('/dashboard/teams/t1');
    expect(post).toHaveBeenCalledWith('/api/invitations/tok-123/accept');
  });

  it('signed in with another address, says what the API says and offers to sign out', async () => {
    get.mockResolvedValue(PREVIEW);
    renderInvite('bill@initech.example');
    expect(await screen.findByText(TeamMessages.invitationOtherEmail)).toBeTruthy();
    expect(screen.getByText('bill@initech.example')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Join/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Sign out to use another account' })).toBeTruthy();
  });

  it("shows the API's refusal when joining fails", async () => {
    get.mockResolvedValue(PREVIEW);
    post.mockRejectedValue(new ApiError(TeamMessages.invitationInvalid, 404));
    renderInvite('peter@initech.example');
    fireEvent.click(await screen.findByRole('button', { name: 'Join Initech Sales' }));
    expect((await screen.findByRole('alert')).textContent).toBe(TeamMessages.invitationInvalid);
    expect(screen.queryByTestId('landed')).toBeNull();
  });
});
