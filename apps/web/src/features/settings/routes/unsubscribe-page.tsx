import { Link, useSearchParams } from 'react-router-dom';
import { AuthCard } from '@/components/layout/auth-card';
import { ErrorAlert, SuccessAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { normalizeError } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useUnsubscribe } from '../api/account-mail';

const KIND_WORDS = { report: 'the analytics report', alert: 'traffic alerts' } as const;

/**
 * the page an analytics mail's unsubscribe link opens, signed in or not. opening it changes nothing
 * (mail scanners open links); the button does
 */
export function UnsubscribePage() {
  useDocumentTitle('Unsubscribe');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const kind = token.startsWith('alert.') ? 'alert' : token.startsWith('report.') ? 'report' : null;
  const unsubscribe = useUnsubscribe();

  return (
    <AuthCard
      title="Unsubscribe"
      subtitle={kind ? `Stop ${KIND_WORDS[kind]} by e-mail` : 'Stop analytics e-mails'}
      footer={
        <>
          Change every e-mail in <Link to="/dashboard/settings">Settings</Link>
        </>
      }
    >
      {!kind ? (
        <ErrorAlert>This unsubscribe link is not complete. Change your e-mails in Settings.</ErrorAlert>
      ) : unsubscribe.isSuccess ? (
        <SuccessAlert>{unsubscribe.data.message}</SuccessAlert>
      ) : (
        <div className="space-y-4">
          {unsubscribe.isError ? <ErrorAlert>{normalizeError(unsubscribe.error).message}</ErrorAlert> : null}
          <p className="text-center text-sm text-muted-foreground">
            You will get no more {kind === 'alert' ? 'traffic alerts' : 'analytics reports'} from Cardcraft.
            Everything else stays as it is.
          </p>
          <Button
            className="w-full"
            disabled={unsubscribe.isPending}
            onClick={() => unsubscribe.mutate(token)}
          >
            {unsubscribe.isPending ? 'Unsubscribing…' : 'Unsubscribe'}
          </Button>
        </div>
      )}
    </AuthCard>
  );
}
