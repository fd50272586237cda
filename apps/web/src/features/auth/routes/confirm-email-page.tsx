import { useEffect, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { ErrorAlert, SuccessAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { normalizeError } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { useDocumentTitle } from '@/lib/use-document-title';
import { confirmEmail, isLinkToken, linkToken } from '../api/account-links';
import { AuthCard } from '@/components/layout/auth-card';

/** a link without its token fails before any call: said in the screen's language (message null) */
type State =
  { kind: 'pending' } | { kind: 'done'; email: string } | { kind: 'failed'; message: string | null };

/** the page of the link sent to a new address: opening it applies the change, signed in or not */
export function ConfirmEmailPage() {
  const { t } = useTranslation('auth');
  useDocumentTitle(t('confirmEmail.title'));
  const token = linkToken(useLocation().hash);
  const { session, updateSession } = useSession();
  const [state, setState] = useState<State>(
    isLinkToken(token) ? { kind: 'pending' } : { kind: 'failed', message: null },
  );
  const signedInAs = session?.userId ?? null;

  useEffect(() => {
    if (!isLinkToken(token)) return;
    let current = true;
    confirmEmail(token).then(
      (user) => {
        if (!current) return;
        // the header and the forms show the new address at once when this browser is signed in to it
        if (signedInAs === user.userId) updateSession({ email: user.email });
        setState({ kind: 'done', email: user.email });
      },
      (error: unknown) => {
        if (current) setState({ kind: 'failed', message: normalizeError(error).message });
      },
    );
    return () => {
      current = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per token
  }, [token]);

  const next = signedInAs ? '/dashboard/settings' : '/auth/login';
  const footer = (
    <Link to={next} className="font-medium text-primary hover:underline">
      {signedInAs ? t('links.backToSettings') : t('links.backToSignIn')}
    </Link>
  );

  return (
    <AuthCard title={t('confirmEmail.title')} subtitle={t('confirmEmail.subtitle')} footer={footer}>
      {state.kind === 'pending' ? (
        <p className="flex justify-center">
          <Spinner label={t('confirmEmail.confirming')} showLabel />
        </p>
      ) : state.kind === 'done' ? (
        <div className="space-y-4">
          <SuccessAlert>
            <Trans
              t={t}
              i18nKey="confirmEmail.changed"
              values={{ email: state.email }}
              components={{ strong: <strong /> }}
            />
          </SuccessAlert>
          <Button asChild className="w-full" size="lg">
            <Link to={next}>{signedInAs ? t('links.goToSettings') : t('links.signIn')}</Link>
          </Button>
        </div>
      ) : (
        <ErrorAlert>{state.message ?? t('links.incomplete')}</ErrorAlert>
      )}
    </AuthCard>
  );
}
