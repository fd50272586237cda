import '@/test/text-encoding';
import { render, screen } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import englishCommon from '@/i18n/locales/en/common.json';
import japaneseCommon from '@/i18n/locales/ja/common.json';
import { SessionStore } from '@/lib/session';
import { speak } from '@/test/language';
import { memoryStorage } from '@/test/memory-storage';
import { providers } from '@/test/providers';
import { englishLeft } from '@/test/english-left';
import { Header } from './header';

// the header's sign-out link pulls in the api client, which reads vite's env; nothing is sent here
jest.mock('@/lib/api-client', () => ({ api: {} }));

function headerFor(displayName: string | null) {
  const store = new SessionStore({ storage: memoryStorage });
  store.hydrate();
  if (displayName !== null) {
    store.set({
      expiresAtUtc: new Date(Date.now() + 3_600_000).toISOString(),
      userId: 'u1',
      email: 'zoe@example.com',
      displayName,
      activeProfileHandle: '',
    });
  }
  const Providers = providers(new QueryClient(), store);
  render(
    <Providers>
      <MemoryRouter>
        <Header />
      </MemoryRouter>
    </Providers>,
  );
}

describe('the header avatar', () => {
  it('shows letters, not half an emoji, for a name with emoji, and names the menu with them', () => {
    headerFor('Zoë Ångström 🚀');
    const button = screen.getByRole('button', { name: 'ZÅ, account menu for Zoë Ångström 🚀' });
    expect(button.textContent).toBe('ZÅ');
    expect(button.textContent).not.toMatch(/[\uD800-\uDFFF]/);
  });
});

describe('the header in Japanese', () => {
  it('names the account menu and the home link in Japanese', async () => {
    await speak('ja');
    headerFor('Zoë Ångström');
    const name = japaneseCommon.header.accountMenu
      .replace('{{initials}}', 'ZÅ')
      .replace('{{name}}', 'Zoë Ångström');
    expect(screen.getByRole('button', { name })).toBeTruthy();
    expect(screen.getByRole('link', { name: japaneseCommon.header.home })).toBeTruthy();
  });

  it('offers to sign in or sign up in Japanese to a visitor', async () => {
    await speak('ja');
    headerFor(null);
    expect(screen.getByRole('navigation', { name: japaneseCommon.header.account })).toBeTruthy();
    expect(screen.getByRole('link', { name: japaneseCommon.header.login })).toBeTruthy();
    expect(screen.getByRole('link', { name: japaneseCommon.header.signUp })).toBeTruthy();
    expect(englishLeft(englishCommon, japaneseCommon)).toEqual([]);
  });
});
