import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { RegisterFormDto } from '@cardcraft/contracts';
import { Button } from '@/components/ui/button';
import { ErrorAlert } from '@/components/ui/alert';
import { TextField } from '@/components/ui/form-field';
import { normalizeError } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { useForm } from '@/lib/use-form';
import { useRegister } from '../api/auth';
import { AuthCard } from '@/components/layout/auth-card';
import { EmailField } from '../components/email-field';
import { useNextPath, withNext } from '../hooks/use-redirect-target';
import { useDocumentTitle } from '@/lib/use-document-title';

export function RegisterPage() {
  const { t } = useTranslation('auth');
  useDocumentTitle(t('register.documentTitle'));
  const { isAuthenticated } = useSession();
  const navigate = useNavigate();
  // an invitation sends people here with the way back to it and the address it was sent to
  const next = useNextPath();
  const invited = (useLocation().state as { email?: unknown } | null)?.email;
  const registerMutation = useRegister();
  const { errors, failure, setFailure, field, validate } = useForm(
    { displayName: '', email: typeof invited === 'string' ? invited : '', password: '', confirmPassword: '' },
    { dto: RegisterFormDto },
  );

  if (isAuthenticated && registerMutation.isIdle) return <Navigate to={next ?? '/dashboard/home'} replace />;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const valid = validate();
    if (!valid) return;
    try {
      const { email, password, displayName } = valid;
      await registerMutation.mutateAsync({ email, password, displayName });
      navigate(next ?? '/dashboard/onboarding', { replace: true });
    } catch (error) {
      setFailure(normalizeError(error).message);
    }
  };

  const pending = registerMutation.isPending;
  return (
    <AuthCard
      title={t('register.title')}
      subtitle={t('register.subtitle')}
      footer={
        <>
          {t('register.hasAccount')}{' '}
          <Link to={withNext('/auth/login', next)} className="font-medium text-primary hover:underline">
            {t('register.signIn')}
          </Link>
        </>
      }
    >
      {failure ? <ErrorAlert className="mb-5">{failure}</ErrorAlert> : null}
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        <TextField
          label={t('register.displayName')}
          autoComplete="name"
          placeholder="Ada Lovelace"
          {...field('displayName')}
        />
        <EmailField {...field('email')} />
        <TextField
          label={t('fields.password')}
          type="password"
          autoComplete="new-password"
          hint={errors.password ? undefined : t('register.passwordHint')}
          {...field('password')}
        />
        <TextField
          label={t('register.confirmPassword')}
          type="password"
          autoComplete="new-password"
          {...field('confirmPassword')}
        />
        <Button type="submit" className="w-full" size="lg" disabled={pending}>
          {pending ? t('register.creating') : t('register.submit')}
        </Button>
      </form>
    </AuthCard>
  );
}
