import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/components/ui/toast';
import { normalizeError } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { useAccountSettings, useUpdateAccountSettings } from '../api/account-mail';

/** whether the owner is e-mailed each new message left on one of their profiles */
export function NotificationsCard() {
  const { session } = useSession();
  const settings = useAccountSettings();
  const update = useUpdateAccountSettings();
  const checked = update.isPending ? update.variables.notifyOnMessages : settings.data?.notifyOnMessages;

  return (
    <Card>
      <CardHeader>
        <CardTitle>Notifications</CardTitle>
        <CardDescription>E-mails sent to {session?.email ?? 'your address'}</CardDescription>
      </CardHeader>
      <CardContent>
        <div className="flex items-start justify-between gap-4">
          <div className="min-w-0 space-y-0.5">
            <label htmlFor="notify-messages" className="cursor-pointer text-sm font-medium">
              E-mail me new messages
            </label>
            <p id="notify-messages-description" className="text-xs text-muted-foreground">
              One e-mail for each message a visitor leaves on your profiles
            </p>
          </div>
          {settings.isPending ? (
            <Skeleton className="h-6 w-11 rounded-full" />
          ) : (
            <Switch
              id="notify-messages"
              aria-describedby="notify-messages-description"
              checked={checked ?? true}
              disabled={settings.isError}
              onCheckedChange={(notifyOnMessages) =>
                update.mutate(
                  { notifyOnMessages },
                  {
                    onSuccess: () =>
                      toast({
                        title: notifyOnMessages ? 'Notifications on' : 'Notifications off',
                        description: notifyOnMessages
                          ? 'You will get an e-mail for each new message.'
                          : 'New messages still show on the Leads page.',
                        variant: 'success',
                      }),
                    onError: (error) =>
                      toast({
                        title: 'Failed to save the setting',
                        description: normalizeError(error).message,
                        variant: 'destructive',
                      }),
                  },
                )
              }
            />
          )}
        </div>
        {settings.isError ? (
          <p className="mt-3 text-sm text-destructive">
            Failed to load your settings. Please try again later.
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}
