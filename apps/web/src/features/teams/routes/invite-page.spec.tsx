import '@/test/text-encoding';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { TeamMessages, type InvitationPreviewResponse } from '@cardcraft/contracts';
import { ApiError, normalizeError } from '@/lib/api-error';
import { SessionStore } from '@/lib/session';
import germanTeams from '@/i18n/locales/de/teams.json';
import englishTeams from '@/i18n/locales/en/teams.json';
import { speak } from '@/test/language';
import { memoryStorage } from '@/test/memory-storage';
import { providers } from '@/test/providers';
import { InvitePage } from './invite-page';

const post = jest.fn();
jest.mock('@/lib/api-client', () => ({
  api: { post: (...args: unknown[]) => post(...args) },
  normalizeError: (error: unknown) => normalizeError(error),
}));

const TOKEN = 'q7Vd0Zb3-kP_2sXw9LmN4cRt6YhJ8uEa1oGi5fBzQe0';
const STORED = 'cardcraft.invitation';
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
      {location.search}
      {location.hash} {JSON.stringify(location.state)}
    </p>
  );
}

/** the API's answers: the preview, and joining */
function answers(preview: () => Promise<unknown>, accept: () => Promise<unknown> = async () => null) {
  post.mockImplementation((path: string) => (path === '/api/invitations/preview' ? preview() : accept()));
}

function renderInvite(signedInAs: string | null, entry = `/invite#token=${TOKEN}`) {
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
      <MemoryRouter initialEntries={[entry]}>
        <Routes>
          <Route path="/invite" element={<InvitePage />} />
          <Route path="*" element={<Landed />} />
        </Routes>
      </MemoryRouter>
    </Providers>,
  );
}

beforeEach(() => {
  post.mockReset();
  sessionStorage.clear();
});

const previewCall = (token: string) => ['/api/invitations/preview', { token }, expect.anything()];

describe('the invitation page', () => {
  it('says so when the link is no longer good, and keeps nothing of it', async () => {
    answers(() => Promise.reject(new ApiError(TeamMessages.invitationInvalid, 404)));
    renderInvite(null);
    expect(await screen.findByRole('heading', { name: 'Invitation not found' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(TeamMessages.invitationInvalid);
    expect(post).toHaveBeenCalledWith(...previewCall(TOKEN));
    await waitFor(() => expect(sessionStorage.getItem(STORED)).toBeNull());
  });

  it('shows the team and the invited address, and signed out offers sign-up and sign-in that come back here without the token', async () => {
    answers(() => Promise.resolve(PREVIEW));
    renderInvite(null);
    expect(await screen.findByRole('heading', { name: 'Join Initech Sales' })).toBeTruthy();
    expect(screen.getAllByText('peter@initech.example', { exact: false }).length).toBeGreaterThan(0);
    expect(screen.getByText('Bill Lumbergh')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Join/ })).toBeNull();
    // the token waits in the tab, not in any address
    expect(sessionStorage.getItem(STORED)).toBe(TOKEN);

    fireEvent.click(screen.getByRole('link', { name: 'Create an account' }));
    expect(screen.getByTestId('landed').textContent).toBe(
      '/auth/register?next=%2Finvite {"email":"peter@initech.example"}',
    );
  });

  it('back from signing up, finds the token the tab kept', async () => {
    sessionStorage.setItem(STORED, TOKEN);
    answers(
      () => Promise.resolve(PREVIEW),
      () => Promise.resolve({ teamId: 't1', profileId: null }),
    );
    renderInvite('peter@initech.example', '/invite');
    fireEvent.click(await screen.findByRole('button', { name: 'Join Initech Sales' }));
    expect((await screen.findByTestId('landed')).textContent).toContain('/dashboard/teams/t1');
    expect(post).toHaveBeenCalledWith(...previewCall(TOKEN));
  });

  it('without a token, says to open the e-mail again and asks nothing', () => {
    renderInvite(null, '/invite');
    expect(screen.getByRole('heading', { name: 'No invitation here' })).toBeTruthy();
    expect(post).not.toHaveBeenCalled();
  });

  it('signed in with the invited address, joins, goes to the team and forgets the token', async () => {
    answers(
      () => Promise.resolve(PREVIEW),
      () => Promise.resolve({ teamId: 't1', profileId: 'p9' }),
    );
    renderInvite('Peter@Initech.example');
    fireEvent.click(await screen.findByRole('button', { name: 'Join Initech Sales' }));
    expect((await screen.findByTestId('landed')).textContent).toContain('/dashboard/teams/t1');
    expect(post).toHaveBeenCalledWith('/api/invitations/accept', { token: TOKEN });
    expect(sessionStorage.getItem(STORED)).toBeNull();
  });

  it('signed in with another address, says what the API says and offers to sign out', async () => {
    answers(() => Promise.resolve(PREVIEW));
    renderInvite('bill@initech.example');
    expect(await screen.findByText(TeamMessages.invitationOtherEmail)).toBeTruthy();
    expect(screen.getByText('bill@initech.example')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Join/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Sign out to use another account' })).toBeTruthy();
  });

  it("shows the API's refusal when joining fails, and forgets a spent link", async () => {
    answers(
      () => Promise.resolve(PREVIEW),
      () => Promise.reject(new ApiError(TeamMessages.invitationInvalid, 404)),
    );
    renderInvite('peter@initech.example');
    fireEvent.click(await screen.findByRole('button', { name: 'Join Initech Sales' }));
    expect((await screen.findByRole('alert')).textContent).toBe(TeamMessages.invitationInvalid);
    expect(screen.queryByTestId('landed')).toBeNull();
    expect(sessionStorage.getItem(STORED)).toBeNull();
  });

  it("speaks the app's language: the team, the invitation's date, joining, and no English left", async () => {
    await speak('de');
    answers(() => Promise.resolve(PREVIEW));
    renderInvite('peter@initech.example');
    const join = germanTeams.join.title.replace('{{team}}', 'Initech Sales');
    expect(await screen.findByRole('heading', { name: join })).toBeTruthy();
    expect(screen.getByRole('button', { name: join })).toBeTruthy();
    expect(screen.getByText(germanTeams.join.subtitle)).toBeTruthy();
    expect(screen.getByText(germanTeams.join.footer)).toBeTruthy();
    // who invited whom, as what, each name in its own element as in English
    expect(screen.getByText('Bill Lumbergh').tagName).toBe('STRONG');
    expect(screen.getByText('Bill Lumbergh').parentElement?.textContent).toBe(
      'Bill Lumbergh hat peter@initech.example eingeladen, als Mitglied beizutreten.',
    );
    expect(document.querySelector('time')?.textContent).toBe('3. Dezember 2026');
    const page = document.body.textContent ?? '';
    for (const english of [
      englishTeams.join.subtitle,
      englishTeams.join.footer,
      'invited',
      'The invitation is good until',
      'December',
    ]) {
      expect(page).not.toContain(english);
    }
    expect(document.title).toBe(`${join} · Cardcraft`);
  });

  it('says in German that the invitation is for another address', async () => {
    await speak('de');
    answers(() => Promise.resolve(PREVIEW));
    renderInvite('bill@initech.example');
    expect(await screen.findByText(germanTeams.join.otherEmail)).toBeTruthy();
    expect(screen.getByRole('button', { name: germanTeams.join.signOut })).toBeTruthy();
    expect(screen.queryByText(TeamMessages.invitationOtherEmail)).toBeNull();
  });
});
