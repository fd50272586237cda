import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { ForgotPasswordDto } from '@cardcraft/contracts';
import { ErrorAlert, SuccessAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { normalizeError } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useForm } from '@/lib/use-form';
import { useRequestPasswordReset } from '../api/account-links';
import { AuthCard } from '@/components/layout/auth-card';
import { EmailField } from '../components/email-field';

/** Forgot password: the address to send a reset link to */
export function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  useDocumentTitle(t('forgot.documentTitle'));
  const typed = (useLocation().state as { email?: unknown } | null)?.email;
  const request = useRequestPasswordReset();
  const [sent, setSent] = useState<string | null>(null);
  const { failure, setFailure, field, validate } = useForm(
    { email: typeof typed === 'string' ? typed : '' },
    { dto: ForgotPasswordDto },
  );

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const valid = validate();
    if (!valid) return;
    try {
      const answer = await request.mutateAsync({ email: valid.email });
      setSent(answer.message);
    } catch (error) {
      setFailure(normalizeError(error).message);
    }
  };

  return (
    <AuthCard
      title={t('forgot.title')}
      subtitle={t('forgot.subtitle')}
      footer={
        <>
          {t('forgot.remembered')}{' '}
          <Link to="/auth/login" className="font-medium text-primary hover:underline">
            {t('links.signIn')}
          </Link>
        </>
      }
    >
      {sent ? (
        <div className="space-y-4">
          <SuccessAlert>
            {sent} {t('forgot.sentNote')}
          </SuccessAlert>
          <Button variant="outline" className="w-full" onClick={() => setSent(null)}>
            {t('forgot.again')}
          </Button>
        </div>
      ) : (
        <>
          {failure ? <ErrorAlert className="mb-5">{failure}</ErrorAlert> : null}
          <form noValidate onSubmit={onSubmit} className="space-y-4">
            <EmailField {...field('email')} />
            <Button type="submit" className="w-full" size="lg" disabled={request.isPending}>
              {request.isPending ? t('forgot.sending') : t('forgot.submit')}
            </Button>
          </form>
        </>
      )}
    </AuthCard>
  );
}
