import { useState } from 'react';
import { ShieldCheck } from 'lucide-react';
import { ConfirmItsYou } from '@/components/auth/confirm-its-you';
import { ErrorAlert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toast';
import { normalizeError } from '@/lib/api-client';
import { needsReauthentication } from '@/lib/reauthentication';
import { useDisableSecondFactor, useNewRecoveryCodes, useSecondFactorStatus } from '@/lib/second-factor';
import { RecoveryCodes } from './recovery-codes';
import { SecondFactorSetupDialog } from './second-factor-setup-dialog';

const day = new Intl.DateTimeFormat('en', { dateStyle: 'medium' });

type Action = 'codes' | 'off';

const ACTIONS: Record<Action, { title: string; description: string; confirm: string; pending: string }> = {
  codes: {
    title: 'New recovery codes?',
    description: 'Your old recovery codes stop working, used or not. Save the new ones somewhere safe.',
    confirm: 'Make new codes',
    pending: 'Making codes...',
  },
  off: {
    title: 'Turn off two-step verification?',
    description: 'Sign-in will ask only for your password. We will tell you by e-mail.',
    confirm: 'Turn off',
    pending: 'Turning off...',
  },
};

/**
 * "Two-step verification": an authenticator app's code after the password, with recovery codes; what
 * changes it (new codes, turning it off) asks for the password again when the sign-in is old
 */
export function SecondFactorCard() {
  const status = useSecondFactorStatus();
  const newCodes = useNewRecoveryCodes();
  const disable = useDisableSecondFactor();
  const [settingUp, setSettingUp] = useState(false);
  const [action, setAction] = useState<Action | null>(null);
  const [proving, setProving] = useState(false);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const pending = newCodes.isPending || disable.isPending;

  const close = () => {
    if (pending) return;
    setAction(null);
    setProving(false);
    setCodes(null);
    setFailure(null);
  };

  const run = async (which: Action) => {
    setFailure(null);
    try {
      if (which === 'codes') {
        setCodes((await newCodes.mutateAsync(undefined)).recoveryCodes);
      } else {
        await disable.mutateAsync(undefined);
        setAction(null);
        toast({
          title: 'Two-step verification is off',
          description: 'Sign-in asks only for your password now.',
        });
      }
    } catch (error) {
      if (needsReauthentication(error)) setProving(true);
      else setFailure(normalizeError(error).message);
    }
  };

  const enabled = status.data?.enabled === true;
  const shown = action ? ACTIONS[action] : null;
  return (
    <Card id="security" role="region" aria-labelledby="security-title" className="scroll-mt-6">
      <CardHeader className="gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0 space-y-1">
          <CardTitle id="security-title" className="flex flex-wrap items-center gap-2">
            Two-step verification
            {enabled ? <Badge variant="success">On</Badge> : null}
          </CardTitle>
          <CardDescription>
            A code from an authenticator app after your password, so a stolen password alone cannot sign in.
          </CardDescription>
        </div>
        {status.data && !enabled ? (
          <Button className="self-start sm:shrink-0" onClick={() => setSettingUp(true)}>
            <ShieldCheck aria-hidden="true" />
            Turn on
          </Button>
        ) : null}
      </CardHeader>
      <CardContent>
        {status.isPending ? (
          <Skeleton className="h-10 w-full" aria-label="Loading two-step verification" />
        ) : status.isError ? (
          <ErrorAlert>{normalizeError(status.error).message}</ErrorAlert>
        ) : enabled ? (
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
            <p className="text-sm text-muted-foreground">
              On since {status.data.enabledAtUtc ? day.format(new Date(status.data.enabledAtUtc)) : 'today'}.{' '}
              {status.data.recoveryCodesLeft === 1
                ? '1 recovery code left.'
                : `${status.data.recoveryCodesLeft} recovery codes left.`}
            </p>
            <div className="flex flex-wrap gap-2">
              <Button variant="outline" size="sm" onClick={() => setAction('codes')}>
                New recovery codes
              </Button>
              <Button
                variant="outline"
                size="sm"
                className="text-destructive hover:bg-destructive-soft hover:text-destructive"
                onClick={() => setAction('off')}
              >
                Turn off
              </Button>
            </div>
          </div>
        ) : (
          <p className="text-sm text-muted-foreground">Off. Sign-in asks only for your password.</p>
        )}
      </CardContent>
      <SecondFactorSetupDialog open={settingUp} onOpenChange={setSettingUp} />
      <Dialog open={shown !== null} onOpenChange={(next) => (next ? undefined : close())}>
        <DialogContent className="max-w-lg">
          <DialogHeader>
            <DialogTitle>
              {codes ? 'Your new recovery codes' : proving ? 'Confirm it’s you' : shown?.title}
            </DialogTitle>
            <DialogDescription>
              {codes ? 'The old ones no longer work.' : shown?.description}
            </DialogDescription>
          </DialogHeader>
          {codes ? (
            <>
              <RecoveryCodes codes={codes} />
              <DialogFooter>
                <Button onClick={close}>Done</Button>
              </DialogFooter>
            </>
          ) : proving ? (
            <ConfirmItsYou
              onCancel={close}
              onConfirmed={() => {
                setProving(false);
                if (action) void run(action);
              }}
            />
          ) : (
            <>
              {failure ? <ErrorAlert>{failure}</ErrorAlert> : null}
              <DialogFooter>
                <Button variant="outline" onClick={close} disabled={pending}>
                  Cancel
                </Button>
                <Button
                  variant={action === 'off' ? 'destructive' : 'default'}
                  onClick={() => action && void run(action)}
                  disabled={pending}
                >
                  {pending ? shown?.pending : shown?.confirm}
                </Button>
              </DialogFooter>
            </>
          )}
        </DialogContent>
      </Dialog>
    </Card>
  );
}
