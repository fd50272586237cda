import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { AccountMailMessages, Messages, ResetPasswordDto, fieldErrorMap } from '@cardcraft/contracts';
import { ErrorAlert, SuccessAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/form-field';
import { fieldErrorsOf, normalizeError } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useForm } from '@/lib/use-form';
import { isLinkToken, linkToken, useResetPassword } from '../api/account-links';
import { AuthCard } from '@/components/layout/auth-card';

const EMPTY = { newPassword: '', confirmPassword: '' };

/** the page of the e-mailed reset link: a new password, then every session of the account ends */
export function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  useDocumentTitle(t('reset.title'));
  const token = linkToken(useLocation().hash);
  const reset = useResetPassword();
  const { clearSession } = useSession();
  const [done, setDone] = useState(false);
  const [linkFailed, setLinkFailed] = useState<string | null>(
    isLinkToken(token) ? null : AccountMailMessages.token,
  );
  const { values, failure, setFailure, setServerErrors, field, validate } = useForm(EMPTY, {
    dto: ResetPasswordDto,
    input: ({ newPassword }) => ({ token, newPassword }),
    extra: ({ newPassword, confirmPassword }): Record<string, string> =>
      confirmPassword !== newPassword ? { confirmPassword: Messages.registerConfirmPassword } : {},
  });

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!validate()) return;
    try {
      await reset.mutateAsync({ token, newPassword: values.newPassword });
      // the server ended every session, this browser's too
      clearSession();
      setDone(true);
    } catch (error) {
      const fields = fieldErrorMap(fieldErrorsOf(error));
      if (fields.token) {
        setLinkFailed(fields.token);
        return;
      }
      setServerErrors(fields);
      if (Object.keys(fields).length === 0) setFailure(normalizeError(error).message);
    }
  };

  const footer = (
    <Link to="/auth/login" className="font-medium text-primary hover:underline">
      {t('links.backToSignIn')}
    </Link>
  );

  if (done) {
    return (
      <AuthCard title={t('reset.doneTitle')} subtitle={t('reset.doneSubtitle')} footer={footer}>
        <div className="space-y-4">
          <SuccessAlert>{t('reset.done')}</SuccessAlert>
          <Button asChild className="w-full" size="lg">
            <Link to="/auth/login">{t('links.signIn')}</Link>
          </Button>
        </div>
      </AuthCard>
    );
  }

  if (linkFailed) {
    return (
      <AuthCard title={t('reset.title')} subtitle={t('reset.linkSubtitle')} footer={footer}>
        <div className="space-y-4">
          <ErrorAlert>
            {linkFailed === AccountMailMessages.token ? t('links.incomplete') : linkFailed}
          </ErrorAlert>
          <Button asChild className="w-full" size="lg">
            <Link to="/auth/forgot-password">{t('reset.newLink')}</Link>
          </Button>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('reset.title')} subtitle={t('reset.subtitle')} footer={footer}>
      {failure ? <ErrorAlert className="mb-5">{failure}</ErrorAlert> : null}
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        <TextField
          label={t('fields.newPassword')}
          type="password"
          autoComplete="new-password"
          {...field('newPassword')}
        />
        <TextField
          label={t('fields.confirmNewPassword')}
          type="password"
          autoComplete="new-password"
          {...field('confirmPassword')}
        />
        <Button type="submit" className="w-full" size="lg" disabled={reset.isPending}>
          {reset.isPending ? t('reset.saving') : t('reset.submit')}
        </Button>
      </form>
    </AuthCard>
  );
}
