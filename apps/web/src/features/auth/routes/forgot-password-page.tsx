import { useState, type FormEvent } from 'react';
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
  useDocumentTitle('Forgot password');
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
      title="Forgot your password?"
      subtitle="We'll e-mail you a link to choose a new one"
      footer={
        <>
          Remembered it?{' '}
          <Link to="/auth/login" className="font-medium text-primary hover:underline">
            Sign in
          </Link>
        </>
      }
    >
      {sent ? (
        <div className="space-y-4">
          <SuccessAlert>
            {sent} The link works once, for an hour. Check your spam folder if it does not arrive.
          </SuccessAlert>
          <Button variant="outline" className="w-full" onClick={() => setSent(null)}>
            Send another link
          </Button>
        </div>
      ) : (
        <>
          {failure ? <ErrorAlert className="mb-5">{failure}</ErrorAlert> : null}
          <form noValidate onSubmit={onSubmit} className="space-y-4">
            <EmailField {...field('email')} />
            <Button type="submit" className="w-full" size="lg" disabled={request.isPending}>
              {request.isPending ? 'Sending...' : 'Send reset link'}
            </Button>
          </form>
        </>
      )}
    </AuthCard>
  );
}
