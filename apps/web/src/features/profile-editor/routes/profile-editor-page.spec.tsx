import '@/test/text-encoding';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import type { ProfileResponse } from '@cardcraft/contracts';
import englishEditor from '@/i18n/locales/en/editor.json';
import germanEditor from '@/i18n/locales/de/editor.json';
import { fieldErrorsOf, normalizeError } from '@/lib/api-error';
import { englishLeft } from '@/test/english-left';
import { speak } from '@/test/language';
import { signedInProviders } from '@/test/providers';
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
const post = jest.fn();
const put = jest.fn();
jest.mock('@/config/env', () => ({ env: { apiBaseUrl: '', appOrigin: 'https://cards.example' } }));
jest.mock('@/lib/api-client', () => ({
  api: {
    get: (...args: unknown[]) => get(...args),
    post: (...args: unknown[]) => post(...args),
    put: (...args: unknown[]) => put(...args),
  },
  saveBlob: jest.fn(),
  fieldErrorsOf: (error: unknown) => fieldErrorsOf(error),
  normalizeError: (error: unknown) => normalizeError(error),
}));

const saved: ProfileResponse = {
  id: 'p1',
  handle: 'ada',
  displayName: 'Ada Lovelace',
  tagline: null,
  bio: null,
  theme: 'aurora',
  layout: 'neon',
  published: true,
  publishedAtUtc: new Date().toISOString(),
  contact: { email: null, phoneNumber: null, company: null, location: null, website: null },
  media: { avatarUrl: null, bannerUrl: null, ogImageUrl: null },
  privacy: { collectGeo: true, collectIp: false, showIdentifiedViewers: true, allowMessages: true },
  socialLinks: [],
  blocks: [],
} as unknown as ProfileResponse;

export function renderEditor(path = '/dashboard/profile/create') {
  const Providers = signedInProviders('');
  const router = createMemoryRouter(
    [
      { path: '/dashboard/profile/create', element: <ProfileEditorPage /> },
      { path: '/dashboard/profile/:id', element: <ProfileEditorPage /> },
      { path: '/dashboard/home', element: <p>dashboard home</p> },
    ],
    { initialEntries: ['/dashboard/home', path], initialIndex: 1 },
  );
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

const field = (label: string) => screen.getByLabelText(label, { exact: false, selector: 'input, textarea' });
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Create Profile' }));

beforeEach(() => {
  get.mockReset();
  post.mockReset();
  put.mockReset();
});

describe('the profile editor', () => {
  it('clears an error as soon as its field is fixed after a save was tried', () => {
    renderEditor();
    save();
    expect(screen.getByText('Display name required')).toBeTruthy();
    type('Display Name', 'Ada Lovelace');
    expect(screen.queryByText('Display name required')).toBeNull();
    expect(post).not.toHaveBeenCalled();
  });

  it('does not save when Enter is pressed in a one-line field', () => {
    renderEditor();
    type('Handle', 'ada');
    type('Display Name', 'Ada Lovelace');
    const name = field('Display Name');
    const enter = fireEvent.keyDown(name, { key: 'Enter' });
    // a prevented keydown is what stops the browser's implicit submission
    expect(enter).toBe(false);
    expect(post).not.toHaveBeenCalled();
    expect(fireEvent.keyDown(field('Bio'), { key: 'Enter' })).toBe(true);
  });

  it('hides View Live Profile while the card is not saved yet, even when Published is on', () => {
    renderEditor();
    type('Handle', 'ada');
    fireEvent.click(screen.getByRole('switch', { name: /Draft/ }));
    expect(screen.getByRole('switch', { name: /Published/ })).toBeTruthy();
    expect(screen.queryByRole('link', { name: /View Live Profile/ })).toBeNull();
  });

  it('shows View Live Profile for a saved, published card, at its saved address', async () => {
    get.mockResolvedValue(saved);
    renderEditor('/dashboard/profile/p1');
    await screen.findByLabelText('Handle', { exact: false });
    type('Handle', 'ada-renamed');
    const link = await screen.findByRole('link', { name: /View Live Profile/ });
    expect(link.getAttribute('href')).toBe('/u/ada');
  });

  it('asks before leaving with unsaved changes, and not without', async () => {
    const router = renderEditor();
    const unload = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(unload);
    expect(unload.defaultPrevented).toBe(false);

    type('Display Name', 'Ada');
    const again = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(again);
    expect(again.defaultPrevented).toBe(true);

    await act(() => router.navigate(-1));
    expect(await screen.findByRole('alertdialog', { name: 'Leave without saving?' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/dashboard/profile/create');

    await act(() => router.navigate('/dashboard/home'));
    fireEvent.click(await screen.findByRole('button', { name: 'Leave' }));
    expect(await screen.findByText('dashboard home')).toBeTruthy();
  });

  it('leaves for the dashboard after a save without asking', async () => {
    post.mockResolvedValue(saved);
    renderEditor();
    type('Handle', 'ada');
    type('Display Name', 'Ada Lovelace');
    save();
    expect(await screen.findByText('dashboard home')).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('keeps the save button docked at the bottom on a phone', () => {
    renderEditor();
    const bar = screen.getByRole('button', { name: 'Create Profile' }).parentElement;
    expect(bar?.className).toMatch(/(^| )fixed( |$)/);
    expect(bar?.className).toMatch(/bottom-0/);
  });

  it('counts the tagline and the bio, and says in red when the bio is over the limit', () => {
    renderEditor();
    type('Tagline', 'Engineer');
    expect(screen.getByText('8/140')).toBeTruthy();
    type('Bio', 'x'.repeat(912));
    const counter = screen.getByText(/912\/800/);
    expect(counter.textContent).toBe('912/800 · 112 characters over the limit');
    expect(counter.className).toMatch(/text-destructive/);
  });

  it('offers a handle made from a name typed as one, and says whether it is free as it is typed', async () => {
    get.mockImplementation((url: string) => {
      const handle = new URL(url, 'https://cards.example').searchParams.get('handle');
      if (handle === 'dashboard')
        return Promise.resolve({
          handle,
          status: 'reserved',
          message: 'The handle "dashboard" is reserved. Choose another one.',
        });
      return Promise.resolve({
        handle,
        status: 'available',
        message: `The handle "${handle}" is available.`,
      });
    });
    renderEditor();
    type('Handle', 'Max Feather');
    fireEvent.click(screen.getByRole('button', { name: 'Use max-feather' }));
    expect((field('Handle') as HTMLInputElement).value).toBe('max-feather');
    expect(await screen.findByText('The handle "max-feather" is available.')).toBeTruthy();
    expect(get).toHaveBeenCalledWith(
      '/api/profiles/handle-availability?handle=max-feather',
      expect.anything(),
    );

    type('Handle', 'dashboard');
    const reserved = await screen.findByText('The handle "dashboard" is reserved. Choose another one.');
    expect(reserved.closest('[role="status"]')).toBeTruthy();
    expect(post).not.toHaveBeenCalled();
  });

  it('adds https:// to an address typed without it, as the field is left', () => {
    renderEditor();
    type('Website', 'example.com');
    fireEvent.blur(field('Website'));
    expect((field('Website') as HTMLInputElement).value).toBe('https://example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Add Link' }));
    type('URL', 'linkedin.com/in/x');
    fireEvent.blur(field('URL'));
    expect((field('URL') as HTMLInputElement).value).toBe('https://linkedin.com/in/x');
  });

  it("speaks the app's language: its sections, fields, rules and the handle lookup, no English left", async () => {
    await speak('de');
    get.mockImplementation((url: string) => {
      const handle = new URL(url, 'https://cards.example').searchParams.get('handle');
      return Promise.resolve({
        handle,
        status: 'taken',
        message: `The handle "${handle}" is already taken.`,
      });
    });
    renderEditor();
    const de = germanEditor;
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(de.page.create);
    for (const title of [
      de.basics.title,
      de.contact.title,
      de.social.title,
      de.blocks.title,
      de.questions.title,
    ]) {
      expect(screen.getByText(title)).toBeTruthy();
    }
    expect(screen.getByRole('switch', { name: de.privacy.allowMessages })).toBeTruthy();
    expect(screen.getByRole('group', { name: `${de.mediaCard.avatar} hochladen` })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: de.social.add }));
    fireEvent.click(screen.getByRole('button', { name: de.blocks.add }));
    fireEvent.click(screen.getByRole('button', { name: de.questions.add }));
    expect(screen.getByRole('button', { name: 'Block 1 nach oben verschieben' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: de.save.create }));
    expect(screen.getByText(de.errors.displayName)).toBeTruthy();
    expect(screen.getByText(de.errors.handleTooShort)).toBeTruthy();
    expect(screen.getByText(de.save.fixFields)).toBeTruthy();

    fireEvent.change(field(de.basics.displayName), { target: { value: 'Ada Lovelace' } });
    type(de.handle.label, 'ada');
    expect(await screen.findByText('Das Handle „ada“ ist bereits vergeben.')).toBeTruthy();
    type(de.basics.bio, 'x'.repeat(801));
    expect(screen.getByText(/801\/800/).textContent).toBe('801/800 · 1 Zeichen über dem Limit');

    expect(englishLeft(englishEditor, germanEditor)).toEqual([]);
    expect(post).not.toHaveBeenCalled();
  });

  it('says what hashing addresses does', () => {
    renderEditor();
    expect(
      screen.getByText(
        "Keep a salted hash of each visitor's address to count unique visitors; off, no address is kept",
      ),
    ).toBeTruthy();
    expect(screen.queryByText('Anonymize visitor data')).toBeNull();
  });
});
