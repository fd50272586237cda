import { useState } from 'react';
import { Monitor, Smartphone, Tablet } from 'lucide-react';
import type { AccountSessionResponse } from '@cardcraft/contracts';
import { ErrorAlert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toast';
import { normalizeError } from '@/lib/api-client';
import { useAccountSessions, useEndOtherSessions, useEndSession } from '../api/sessions';

const DEVICE_ICONS = { desktop: Monitor, mobile: Smartphone, tablet: Tablet } as const;
const countries = new Intl.DisplayNames(['en'], { type: 'region' });
const dateTime = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' });
const when = (iso: string) => dateTime.format(new Date(iso));

function countryName(code: string | null): string | null {
  if (!code) return null;
  try {
    return countries.of(code) ?? code;
  } catch {
    return code;
  }
}

function SessionRow({ session, onEnd }: { session: AccountSessionResponse; onEnd: () => void }) {
  const Icon = DEVICE_ICONS[session.deviceType];
  const country = countryName(session.country);
  return (
    <li className="flex items-start gap-3 px-5 py-4 sm:px-6" data-testid="session">
      <Icon className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
      <div className="min-w-0 flex-1 space-y-0.5">
        <p className="flex flex-wrap items-center gap-2 text-sm font-medium">
          <span>{session.device}</span>
          {session.current ? <Badge variant="success">This device</Badge> : null}
        </p>
        <p className="text-xs text-muted-foreground">
          {country ? `${country} · ` : ''}Signed in{' '}
          <time dateTime={session.createdAtUtc}>{when(session.createdAtUtc)}</time>
        </p>
        <p className="text-xs text-muted-foreground">
          {session.current ? (
            'Active now'
          ) : (
            <>
              Last active <time dateTime={session.lastSeenAtUtc}>{when(session.lastSeenAtUtc)}</time>
            </>
          )}
        </p>
      </div>
      {session.current ? null : (
        <Button
          variant="outline"
          size="sm"
          className="shrink-0"
          aria-label={`Sign out ${session.device}, signed in ${when(session.createdAtUtc)}`}
          onClick={onEnd}
        >
          Sign out
        </Button>
      )}
    </li>
  );
}

/**
 * "Sessions": where the account is signed in (device and browser, country, when it signed in and
 * was last active), with a way to sign any other one out, or all of them
 */
export function SessionsCard() {
  const sessions = useAccountSessions();
  const endOne = useEndSession();
  const endOthers = useEndOtherSessions();
  const [confirmingAll, setConfirmingAll] = useState(false);
  const list = sessions.data?.sessions ?? [];
  const others = list.filter((session) => !session.current).length;

  const onEnd = (session: AccountSessionResponse) =>
    endOne.mutate(session.id, {
      onSuccess: () => toast({ title: 'Signed out', description: `${session.device} is signed out.` }),
      onError: (error) =>
        toast({
          title: 'Could not sign out',
          description: normalizeError(error).message,
          variant: 'destructive',
        }),
    });

  const onEndOthers = () =>
    endOthers.mutate(undefined, {
      onSuccess: ({ ended }) => {
        setConfirmingAll(false);
        toast({
          title: 'Other sessions signed out',
          description: ended === 1 ? '1 session was signed out.' : `${ended} sessions were signed out.`,
        });
      },
      onError: (error) =>
        toast({
          title: 'Could not sign out',
          description: normalizeError(error).message,
          variant: 'destructive',
        }),
    });

  return (
    <Card
      id="sessions"
      role="region"
      aria-labelledby="sessions-title"
      className="scroll-mt-6 overflow-hidden"
    >
      <CardHeader className="gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0 space-y-1">
          <CardTitle id="sessions-title">Sessions</CardTitle>
          <CardDescription>
            Where your account is signed in. Sign out any you do not recognize, then change your password.
          </CardDescription>
        </div>
        {others > 0 ? (
          <Button variant="outline" className="self-start sm:shrink-0" onClick={() => setConfirmingAll(true)}>
            Sign out other sessions
          </Button>
        ) : null}
      </CardHeader>
      {sessions.isPending ? (
        <div className="px-5 pb-5 sm:px-6 sm:pb-6">
          <Skeleton className="h-20 w-full" aria-label="Loading sessions" />
        </div>
      ) : sessions.isError ? (
        <div className="px-5 pb-5 sm:px-6 sm:pb-6">
          <ErrorAlert>{normalizeError(sessions.error).message}</ErrorAlert>
        </div>
      ) : (
        <ul className="divide-y divide-border border-t border-border" aria-label="Sessions">
          {list.map((session) => (
            <SessionRow key={session.id} session={session} onEnd={() => onEnd(session)} />
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={confirmingAll}
        onOpenChange={setConfirmingAll}
        title="Sign out every other session?"
        description={`${others === 1 ? 'The other device' : `The ${others} other devices`} must sign in again to use your account. This device stays signed in.`}
        pending={endOthers.isPending}
        onConfirm={onEndOthers}
        confirmLabel="Sign out"
        pendingLabel="Signing out..."
      />
    </Card>
  );
}
