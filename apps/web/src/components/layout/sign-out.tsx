import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { PageSpinner } from '@/components/ui/spinner';
import { useSession } from '@/lib/session';

export const SIGN_OUT_PATH = '/auth/logout';

/**
 * signs out once the protected page has been left: clearing the session while a guarded page is still on
 * screen would make its guard send the user to the login page instead of home.
 */
export function SignOut() {
  const { clearSession } = useSession();
  const navigate = useNavigate();
  useEffect(() => {
    clearSession();
    navigate('/', { replace: true });
    // run once on arrival
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return <PageSpinner label="Signing out..." />;
}
