import { Link, useLocation } from 'react-router-dom';
import { AccountSessionMessages } from '@cardcraft/contracts';
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
  useDocumentTitle('End a session');
  const token = linkToken(useLocation().hash);
  const end = useEndSessionFromMail();

  return (
    <AuthCard
      title="Not you?"
      subtitle="End the session of the new sign-in we told you about"
      footer={
        <>
          <Link to="/auth/forgot-password">Reset your password</Link> if you cannot sign in
        </>
      }
    >
      {!isSessionEndToken(token) ? (
        <ErrorAlert>{AccountSessionMessages.linkInvalid}</ErrorAlert>
      ) : end.isSuccess ? (
        <div className="space-y-4">
          <SuccessAlert>{end.data.message}</SuccessAlert>
          <Button asChild className="w-full">
            <Link to="/dashboard/settings#sessions">Go to Settings</Link>
          </Button>
        </div>
      ) : (
        <div className="space-y-4">
          {end.isError ? <ErrorAlert>{normalizeError(end.error).message}</ErrorAlert> : null}
          <p className="text-center text-sm text-muted-foreground">
            Whoever signed in on that device is signed out at once. Then change your password, so they cannot
            sign in again.
          </p>
          <Button className="w-full" disabled={end.isPending} onClick={() => end.mutate(token)}>
            {end.isPending ? 'Ending the session…' : 'End that session'}
          </Button>
        </div>
      )}
    </AuthCard>
  );
}
