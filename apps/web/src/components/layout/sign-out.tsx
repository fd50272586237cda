import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { PageSpinner } from '@/components/ui/spinner';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/session';

export const SIGN_OUT_PATH = '/auth/logout';

/** ends the session on the server (which also clears the cookie); a failure there is only logged */
export async function endServerSession(): Promise<void> {
  try {
    await api.post<void>('/api/auth/logout');
  } catch (error) {
    console.warn('[auth] could not end the session on the server:', error);
  }
}

/**
 * signs out once the protected page has been left: clearing the session while a guarded page is still on
 * screen would make its guard send the user to the login page instead of home. the local session and
 * the cached data are cleared whether or not the server could be reached.
 */
export function SignOut() {
  const { clearSession } = useSession();
  const navigate = useNavigate();
  const { t } = useTranslation('common', { useSuspense: false });
  useEffect(() => {
    void endServerSession().then(() => {
      clearSession();
      navigate('/', { replace: true });
    });
    // run once on arrival
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return <PageSpinner label={t('status.signingOut')} />;
}
