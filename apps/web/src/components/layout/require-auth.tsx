import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { PageSpinner } from '@/components/ui/spinner';
import { useSession } from '@/lib/session';

/** protected pages: 'Loading...' until the stored session is read, then signed-out users go to login */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { hydrated, isAuthenticated } = useSession();
  const location = useLocation();
  if (!hydrated) return <PageSpinner />;
  if (!isAuthenticated) return <Navigate to="/auth/login" replace state={{ from: location }} />;
  return <>{children}</>;
}
