import { Trans, useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { AuthCard } from '@/components/layout/auth-card';
import { ErrorAlert, SuccessAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { normalizeError } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/use-document-title';
import { isSessionEndToken, linkToken, useEndSessionFromMail } from '../api/account-links';

/**
 * the page a new sign-in mail's link opens, signed in or not: the owner may be locked out of their
 * own account. opening it changes nothing (mail scanners open links); the button ends that session.
 */
export function EndSessionPage() {
  const { t } = useTranslation('auth');
  useDocumentTitle(t('endSession.documentTitle'));
  const token = linkToken(useLocation().hash);
  const end = useEndSessionFromMail();

  return (
    <AuthCard
      title={t('endSession.title')}
      subtitle={t('endSession.subtitle')}
      footer={
        <Trans
          t={t}
          i18nKey="endSession.footer"
          components={{ anchor: <Link to="/auth/forgot-password" /> }}
        />
      }
    >
      {!isSessionEndToken(token) ? (
        <ErrorAlert>{t('endSession.linkInvalid')}</ErrorAlert>
      ) : end.isSuccess ? (
        <div className="space-y-4">
          <SuccessAlert>{end.data.message}</SuccessAlert>
          <Button asChild className="w-full">
            <Link to="/dashboard/settings#sessions">{t('links.goToSettings')}</Link>
          </Button>
        </div>
      ) : (
        <div className="space-y-4">
          {end.isError ? <ErrorAlert>{normalizeError(end.error).message}</ErrorAlert> : null}
          <p className="text-center text-sm text-muted-foreground">{t('endSession.text')}</p>
          <Button className="w-full" disabled={end.isPending} onClick={() => end.mutate(token)}>
            {end.isPending ? t('endSession.ending') : t('endSession.submit')}
          </Button>
        </div>
      )}
    </AuthCard>
  );
}
