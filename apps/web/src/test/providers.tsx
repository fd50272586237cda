import type { ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { SessionProvider, type SessionStore } from '@/lib/session';

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
