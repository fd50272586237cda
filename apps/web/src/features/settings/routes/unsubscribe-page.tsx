import { Trans, useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { AuthCard } from '@/components/layout/auth-card';
import { ErrorAlert, SuccessAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { normalizeError } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useUnsubscribe } from '../api/account-mail';

/**
 * the page an analytics mail's unsubscribe link opens, signed in or not. opening it changes nothing
 * (mail scanners open links); the button does
 */
export function UnsubscribePage() {
  const { t } = useTranslation('settings');
  useDocumentTitle(t('unsubscribe.title'));
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const kind = token.startsWith('alert.') ? 'alert' : token.startsWith('report.') ? 'report' : null;
  const unsubscribe = useUnsubscribe();

  return (
    <AuthCard
      title={t('unsubscribe.title')}
      subtitle={kind ? t(`unsubscribe.${kind}.subtitle`) : t('unsubscribe.subtitle')}
      footer={
        <Trans
          t={t}
          i18nKey="unsubscribe.footer"
          components={{ anchor: <Link to="/dashboard/settings" /> }}
        />
      }
    >
      {!kind ? (
        <ErrorAlert>{t('unsubscribe.incomplete')}</ErrorAlert>
      ) : unsubscribe.isSuccess ? (
        <SuccessAlert>{unsubscribe.data.message}</SuccessAlert>
      ) : (
        <div className="space-y-4">
          {unsubscribe.isError ? <ErrorAlert>{normalizeError(unsubscribe.error).message}</ErrorAlert> : null}
          <p className="text-center text-sm text-muted-foreground">{t(`unsubscribe.${kind}.text`)}</p>
          <Button
            className="w-full"
            disabled={unsubscribe.isPending}
            onClick={() => unsubscribe.mutate(token)}
          >
            {unsubscribe.isPending ? t('unsubscribe.pending') : t('unsubscribe.submit')}
          </Button>
        </div>
      )}
    </AuthCard>
  );
}
