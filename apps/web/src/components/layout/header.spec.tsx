import '@/test/text-encoding';
import { render, screen } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { SessionStore } from '@/lib/session';
import { memoryStorage } from '@/test/memory-storage';
import { providers } from '@/test/providers';
import { Header } from './header';

// the header's sign-out link pulls in the api client, which reads vite's env; nothing is sent here
jest.mock('@/lib/api-client', () => ({ api: {} }));

function headerFor(displayName: string) {
  const store = new SessionStore({ storage: memoryStorage });
  store.hydrate();
  store.set({
    expiresAtUtc: new Date(Date.now() + 3_600_000).toISOString(),
    userId: 'u1',
    email: 'zoe@example.com',
    displayName,
    activeProfileHandle: '',
  });
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
