import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { LoginDto } from '@cardcraft/contracts';
import { Button } from '@/components/ui/button';
import { ErrorAlert } from '@/components/ui/alert';
import { TextField } from '@/components/ui/form-field';
import { normalizeError } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { useForm } from '@/lib/use-form';
import { Fingerprint } from 'lucide-react';
import { passkeyCancelled, passkeysSupported } from '@/lib/passkeys';
import { isChallenge, useLogin, useLoginWithPasskey } from '../api/auth';
import { SecondFactorStep } from '../components/second-factor-step';
import { AuthCard } from '@/components/layout/auth-card';
import { EmailField } from '../components/email-field';
import { useNextPath, useRedirectTarget, withNext } from '../hooks/use-redirect-target';
import { useDocumentTitle } from '@/lib/use-document-title';

export function LoginPage() {
  const { t } = useTranslation('auth');
  useDocumentTitle(t('login.documentTitle'));
  const { isAuthenticated } = useSession();
  const target = useRedirectTarget();
  const next = useNextPath();
  // an invitation sends people here with the address it was sent to
  const invited = (useLocation().state as { email?: unknown } | null)?.email;
  const navigate = useNavigate();
  const loginMutation = useLogin();
  const passkeyLogin = useLoginWithPasskey();
  /** the password was right; the account asks for its second factor */
  const [challenge, setChallenge] = useState<string | null>(null);
  const { values, failure, setFailure, field, validate } = useForm(
    { email: typeof invited === 'string' ? invited : '', password: '' },
    { dto: LoginDto },
  );

  if (isAuthenticated && loginMutation.isIdle && passkeyLogin.isIdle) return <Navigate to={target} replace />;

  if (challenge) {
    return (
      <AuthCard
        title={t('secondFactor.title')}
        subtitle={t('secondFactor.subtitle')}
        footer={
          <button
            type="button"
            className="font-medium text-primary hover:underline"
            onClick={() => setChallenge(null)}
          >
            {t('secondFactor.otherAccount')}
          </button>
        }
      >
        <SecondFactorStep
          challengeToken={challenge}
          onSignedIn={() => navigate(target, { replace: true })}
          onRestart={(message) => {
            setChallenge(null);
            setFailure(message);
          }}
        />
      </AuthCard>
    );
  }

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const valid = validate();
    if (!valid) return;
    try {
      const answer = await loginMutation.mutateAsync({ email: valid.email, password: valid.password });
      if (isChallenge(answer)) setChallenge(answer.challengeToken);
      else navigate(target, { replace: true });
    } catch (error) {
      setFailure(normalizeError(error).message);
    }
  };

  const onPasskey = async () => {
    setFailure(null);
    try {
      await passkeyLogin.mutateAsync();
      navigate(target, { replace: true });
    } catch (error) {
      // the person closed the browser's prompt: nothing to say
      if (!passkeyCancelled(error)) setFailure(normalizeError(error).message);
    }
  };

  const pending = loginMutation.isPending || passkeyLogin.isPending;
  return (
    <AuthCard
      title={t('login.title')}
      subtitle={t('login.subtitle')}
      footer={
        <>
          {t('login.noAccount')}{' '}
          <Link to={withNext('/auth/register', next)} className="font-medium text-primary hover:underline">
            {t('login.signUp')}
          </Link>
        </>
      }
    >
      {failure ? <ErrorAlert className="mb-5">{failure}</ErrorAlert> : null}
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        <EmailField {...field('email')} />
        <TextField
          label={t('fields.password')}
          type="password"
          autoComplete="current-password"
          {...field('password')}
        />
        <p className="-mt-1 text-right text-sm">
          <Link
            to="/auth/forgot-password"
            state={{ email: values.email }}
            className="font-medium text-primary hover:underline"
          >
            {t('login.forgot')}
          </Link>
        </p>
        <Button type="submit" className="w-full" size="lg" disabled={pending}>
          {loginMutation.isPending ? t('login.signingIn') : t('login.submit')}
        </Button>
      </form>
      {passkeysSupported() ? (
        <>
          <div className="my-5 flex items-center gap-3 text-xs text-muted-foreground" aria-hidden="true">
            <span className="h-px flex-1 bg-border" />
            {t('login.or')}
            <span className="h-px flex-1 bg-border" />
          </div>
          <Button
            type="button"
            variant="outline"
            className="w-full"
            size="lg"
            disabled={pending}
            onClick={() => void onPasskey()}
          >
            <Fingerprint aria-hidden="true" />
            {passkeyLogin.isPending ? t('login.passkeyWaiting') : t('login.passkey')}
          </Button>
        </>
      ) : null}
    </AuthCard>
  );
}
