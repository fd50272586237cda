import { useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import { LoginDto, fieldErrorMap, validateInput } from '@cardcraft/contracts';
import { Button } from '@/components/ui/button';
import { ErrorAlert } from '@/components/ui/alert';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { normalizeError } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { useLogin } from '../api/auth';
import { AuthCard } from '../components/auth-card';
import { useRedirectTarget } from '../hooks/use-redirect-target';
import { useDocumentTitle } from '@/lib/use-document-title';

export function LoginPage() {
  useDocumentTitle('Sign in');
  const { isAuthenticated } = useSession();
  const target = useRedirectTarget();
  const navigate = useNavigate();
  const loginMutation = useLogin();
  const [values, setValues] = useState({ email: '', password: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [lastError, setLastError] = useState<string | null>(null);

  if (isAuthenticated && loginMutation.isIdle) return <Navigate to={target} replace />;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const result = validateInput(LoginDto, values);
    setErrors(fieldErrorMap(result.errors));
    if (result.errors.length > 0) return;
    setLastError(null);
    try {
      await loginMutation.mutateAsync({ email: result.value.email, password: result.value.password });
      navigate(target, { replace: true });
    } catch (error) {
      setLastError(normalizeError(error).message);
    }
  };

  const pending = loginMutation.isPending;
  return (
    <AuthCard
      title="Welcome back"
      subtitle="Sign in to your account"
      footer={
        <>
          Don&apos;t have an account?{' '}
          <Link to="/auth/register" className="font-medium text-primary hover:underline">
            Sign up
          </Link>
        </>
      }
    >
      {lastError ? <ErrorAlert className="mb-5">{lastError}</ErrorAlert> : null}
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        <FormField label="Email" error={errors.email}>
          <Input
            type="email"
            autoComplete="email"
            placeholder="you@example.com"
            value={values.email}
            onChange={(e) => setValues((v) => ({ ...v, email: e.target.value }))}
          />
        </FormField>
        <FormField label="Password" error={errors.password}>
          <Input
            type="password"
            autoComplete="current-password"
            value={values.password}
            onChange={(e) => setValues((v) => ({ ...v, password: e.target.value }))}
          />
        </FormField>
        <Button type="submit" className="w-full" size="lg" disabled={pending}>
          {pending ? 'Signing in...' : 'Sign in'}
        </Button>
      </form>
    </AuthCard>
  );
}
