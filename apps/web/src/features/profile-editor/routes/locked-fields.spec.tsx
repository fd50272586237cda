import '@/test/text-encoding';
import '@/test/structured-clone';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import {
  LOCKED_FIELD_MESSAGE,
  type LockableField,
  type ProfileResponse,
  type TeamResponse,
} from '@cardcraft/contracts';
import { ApiError, fieldErrorsOf, normalizeError } from '@/lib/api-error';
import { SessionStore } from '@/lib/session';
import { memoryStorage } from '@/test/memory-storage';
import { providers } from '@/test/providers';
import { ProfileEditorPage } from './profile-editor-page';

// radix's switch measures itself; jsdom has no ResizeObserver
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

// the memory router makes a Request for each navigation; jsdom has none. only its address and signal are read
globalThis.Request ??= class {
  readonly url: string;
  readonly signal: AbortSignal | undefined;
  readonly method = 'GET';
  constructor(url: string | URL, init?: { signal?: AbortSignal }) {
    this.url = String(url);
    this.signal = init?.signal;
  }
} as unknown as typeof Request;

const get = jest.fn();
const put = jest.fn();
jest.mock('@/config/env', () => ({ env: { apiBaseUrl: '', appOrigin: 'https://cards.example' } }));
jest.mock('@/lib/api-client', () => ({
  api: {
    get: (...args: unknown[]) => get(...args),
    put: (...args: unknown[]) => put(...args),
  },
  fieldErrorsOf: (error: unknown) => fieldErrorsOf(error),
  normalizeError: (error: unknown) => normalizeError(error),
}));

const TEAM: TeamResponse = {
  id: 't1',
  name: 'Initech Sales',
  role: 'member',
  requireSecondFactor: false,
  createdAtUtc: '2026-01-01T00:00:00.000Z',
  brand: {
    companyName: 'Initech',
    logoUrl: null,
    bannerUrl: null,
    website: 'https://initech.example',
    primaryColor: '#1d4ed8',
    secondaryColor: null,
  },
};

function teamCard(lockedFields: LockableField[]): ProfileResponse {
  return {
    id: 'p1',
    ownerId: 'u1',
    handle: 'peter',
    displayName: 'Peter Gibbons',
    tagline: 'Engineer',
    bio: null,
    theme: 'noir',
    layout: 'neon',
    published: false,
    publishedAtUtc: null,
    contact: {
      email: 'peter@initech.example',
      phoneNumber: null,
      company: 'Initech',
      location: null,
      website: null,
    },
    media: { avatarUrl: null, bannerUrl: null, ogImageUrl: null },
    privacy: {
      collectGeo: false,
      collectIp: false,
      showIdentifiedViewers: true,
      allowMessages: true,
      messageFields: { name: 'off', phone: 'off', company: 'off' },
      questions: [],
      cardExchange: { enabled: false, followUp: null },
    },
    socialLinks: [
      {
        provider: 'LinkedIn',
        label: null,
        url: 'https://linkedin.com/company/initech',
        highlight: true,
        order: 0,
      },
    ],
    blocks: [],
    team: { teamId: 't1', teamName: 'Initech Sales', templateId: 'tpl1', lockedFields, role: 'member' },
    createdAtUtc: '2026-01-01T00:00:00.000Z',
    updatedAtUtc: '2026-01-01T00:00:00.000Z',
  };
}

function renderEditor(card: ProfileResponse) {
  get.mockImplementation((url: string) => {
    if (url === '/api/profiles/p1') return Promise.resolve(card);
    if (url === '/api/teams/t1') return Promise.resolve(TEAM);
    return Promise.resolve({ handle: 'peter', status: 'yours', message: '' });
  });
  const store = new SessionStore({ storage: memoryStorage });
  store.hydrate();
  store.set({
    expiresAtUtc: new Date(Date.now() + 3_600_000).toISOString(),
    userId: 'u1',
    email: 'peter@initech.example',
    displayName: 'Peter Gibbons',
    activeProfileHandle: '',
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const Providers = providers(client, store);
  const router = createMemoryRouter(
    [
      { path: '/dashboard/profile/:id', element: <ProfileEditorPage /> },
      { path: '/dashboard/home', element: <p>dashboard home</p> },
    ],
    { initialEntries: ['/dashboard/profile/p1'] },
  );
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
}

const input = (label: string) =>
  screen.getByLabelText(label, { exact: false, selector: 'input, textarea' }) as HTMLInputElement;

/** the texts the field's aria-describedby points at */
const description = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

beforeEach(() => {
  get.mockReset();
  put.mockReset();
});

describe('a team card in the editor', () => {
  it('names its team, and shows what the template locks read-only with the reason beside it', async () => {
    renderEditor(teamCard(['contact.company', 'bio', 'theme']));
    await screen.findByLabelText('Display Name', { exact: false });
    expect(screen.getByTestId('team-badge').textContent).toContain('Initech Sales');
    expect(screen.getByText(/3 fields are set by the team/)).toBeTruthy();

    const company = input('Company');
    expect(company.readOnly).toBe(true);
    expect(company.value).toBe('Initech');
    expect(description(company)).toContain(LOCKED_FIELD_MESSAGE);
    expect(input('Bio').readOnly).toBe(true);
    expect(description(input('Bio'))).toContain(LOCKED_FIELD_MESSAGE);

    const theme = screen.getByRole('combobox', { name: 'Theme' });
    expect(theme.hasAttribute('disabled')).toBe(true);
    expect(description(theme)).toContain(LOCKED_FIELD_MESSAGE);

    // what the template leaves free stays free
    expect(input('Tagline').readOnly).toBe(false);
    expect(description(input('Tagline'))).not.toContain(LOCKED_FIELD_MESSAGE);
    expect(screen.getByRole('combobox', { name: 'Layout' }).hasAttribute('disabled')).toBe(false);
  });

  it('shows locked social links as text, without the controls to change them', async () => {
    renderEditor(teamCard(['socialLinks', 'privacy']));
    await screen.findByLabelText('Display Name', { exact: false });
    const links = screen.getByRole('group', { name: 'Social Links' });
    expect(within(links).getByText('https://linkedin.com/company/initech')).toBeTruthy();
    expect(description(links)).toContain(LOCKED_FIELD_MESSAGE);
    expect(screen.queryByRole('button', { name: 'Add Link' })).toBeNull();
    // the privacy switches are off limits too, and say why
    const messages = screen.getByRole('switch', { name: 'Allow Messages' });
    expect(messages.closest('fieldset')?.disabled).toBe(true);
    expect(description(messages)).toContain(LOCKED_FIELD_MESSAGE);
  });

  it('saves what it may change, and sends the locked fields back as the card holds them', async () => {
    put.mockResolvedValue(teamCard(['contact.company']));
    renderEditor(teamCard(['contact.company']));
    await screen.findByLabelText('Display Name', { exact: false });
    fireEvent.change(input('Tagline'), { target: { value: 'Senior engineer' } });
    // a read-only field takes no typing, but a change through script must not reach the server either
    fireEvent.change(input('Company'), { target: { value: 'Initrode' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('dashboard home')).toBeTruthy();
    const [path, body] = put.mock.calls[0] as [string, ProfileResponse];
    expect(path).toBe('/api/profiles/p1');
    expect(body.tagline).toBe('Senior engineer');
    expect(body.contact.company).toBe('Initech');
  });

  it("shows the server's refusal of a locked field on that field", async () => {
    // the template locked the e-mail after the editor was opened: the save is refused for it
    put.mockRejectedValue(
      new ApiError(LOCKED_FIELD_MESSAGE, 403, [{ field: 'contact.email', message: LOCKED_FIELD_MESSAGE }]),
    );
    renderEditor(teamCard([]));
    await screen.findByLabelText('Display Name', { exact: false });
    fireEvent.change(input('Email'), { target: { value: 'peter.gibbons@initech.example' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    const error = await screen.findByText(LOCKED_FIELD_MESSAGE, { selector: '[role="alert"]:not(div)' });
    const email = input('Email');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(email.getAttribute('aria-describedby')).toContain(error.id);
    expect(screen.queryByText('dashboard home')).toBeNull();
  });
});
