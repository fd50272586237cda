import { useState, type ChangeEvent, type FormEvent } from 'react';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import { RegisterFormDto, fieldErrorMap, validateInput } from '@cardcraft/contracts';
import { Button } from '@/components/ui/button';
import { ErrorAlert } from '@/components/ui/alert';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { normalizeError } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { useRegister } from '../api/auth';
import { AuthCard } from '../components/auth-card';
import { useDocumentTitle } from '@/lib/use-document-title';

type Values = { displayName: string; email: string; password: string; confirmPassword: string };

export function RegisterPage() {
  useDocumentTitle('Create account');
  const { isAuthenticated } = useSession();
  const navigate = useNavigate();
  const registerMutation = useRegister();
  const [values, setValues] = useState<Values>({
    displayName: '',
    email: '',
    password: '',
    confirmPassword: '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [lastError, setLastError] = useState<string | null>(null);

  if (isAuthenticated && registerMutation.isIdle) return <Navigate to="/dashboard/home" replace />;

  const set = (key: keyof Values) => (e: ChangeEvent<HTMLInputElement>) =>
    setValues((v) => ({ ...v, [key]: e.target.value }));

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const result = validateInput(RegisterFormDto, values);
    setErrors(fieldErrorMap(result.errors));
    if (result.errors.length > 0) return;
    setLastError(null);
    try {
      const { email, password, displayName } = result.value;
      await registerMutation.mutateAsync({ email, password, displayName });
      navigate('/dashboard/onboarding', { replace: true });
    } catch (error) {
      setLastError(normalizeError(error).message);
    }
  };

  const pending = registerMutation.isPending;
  return (
    <AuthCard
      title="Create your account"
      subtitle="Start sharing your digital business card in minutes"
      footer={
        <>
          Already have an account?{' '}
          <Link to="/auth/login" className="font-medium text-primary hover:underline">
            Sign in
          </Link>
        </>
      }
    >
      {lastError ? <ErrorAlert className="mb-5">{lastError}</ErrorAlert> : null}
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        <FormField label="Display Name" error={errors.displayName}>
          <Input
            autoComplete="name"
            placeholder="Ada Lovelace"
            value={values.displayName}
            onChange={set('displayName')}
          />
        </FormField>
        <FormField label="Email" error={errors.email}>
          <Input
            type="email"
            autoComplete="email"
            placeholder="you@example.com"
            value={values.email}
            onChange={set('email')}
          />
        </FormField>
        <FormField
          label="Password"
          error={errors.password}
          hint={errors.password ? undefined : 'At least 6 characters'}
        >
          <Input
            type="password"
            autoComplete="new-password"
            value={values.password}
            onChange={set('password')}
          />
        </FormField>
        <FormField label="Confirm Password" error={errors.confirmPassword}>
          <Input
            type="password"
            autoComplete="new-password"
            value={values.confirmPassword}
            onChange={set('confirmPassword')}
          />
        </FormField>
        <Button type="submit" className="w-full" size="lg" disabled={pending}>
          {pending ? 'Creating account...' : 'Create account'}
        </Button>
      </form>
    </AuthCard>
  );
}
