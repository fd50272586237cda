import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { SessionProvider, SessionStore } from '@/lib/session';
import { memoryStorage } from './memory-storage';

/** the query client and session providers the app puts around every page, as a render wrapper for specs */
export function providers(client: QueryClient, store: SessionStore) {
  return function Providers({ children }: { children: ReactNode }) {
    return (
      <QueryClientProvider client={client}>
        <SessionProvider store={store}>{children}</SessionProvider>
      </QueryClientProvider>
    );
  };
}

/**
 * the providers of a page seen by Ada, signed in for the next hour, with a query client that does not
 * retry. her card @ada is the one picked unless the spec names another ('' before she has one)
 */
export function signedInProviders(activeProfileHandle = 'ada') {
  const store = new SessionStore({ storage: memoryStorage });
  store.hydrate();
  store.set({
    expiresAtUtc: new Date(Date.now() + 3_600_000).toISOString(),
    userId: 'u1',
    email: 'ada@example.com',
    displayName: 'Ada',
    activeProfileHandle,
  });
  return providers(new QueryClient({ defaultOptions: { queries: { retry: false } } }), store);
}
