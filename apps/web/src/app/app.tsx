import { useCallback, useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router-dom';
import { Toaster } from '@/components/ui/toast';
import { createQueryClient } from '@/lib/query-client';
import { SessionProvider } from '@/lib/session';
import { clearSignedInData } from '@/lib/signed-in-data';
import { router } from './router';

export function App() {
  const [queryClient] = useState(createQueryClient);
  // clearing the session clears every cached answer, and the QR codes kept on the device for offline
  const clearCache = useCallback(() => clearSignedInData(queryClient), [queryClient]);
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider onClear={clearCache}>
        <RouterProvider router={router} />
        <Toaster />
      </SessionProvider>
    </QueryClientProvider>
  );
}
