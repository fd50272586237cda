import { useCallback, useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router-dom';
import { Toaster } from '@/components/ui/toast';
import { createQueryClient } from '@/lib/query-client';
import { SessionProvider } from '@/lib/session';
import { router } from './router';

export function App() {
  const [queryClient] = useState(createQueryClient);
  // clearing the session clears every cached answer
  const clearCache = useCallback(() => queryClient.clear(), [queryClient]);
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider onClear={clearCache}>
        <RouterProvider router={router} />
        <Toaster />
      </SessionProvider>
    </QueryClientProvider>
  );
}
