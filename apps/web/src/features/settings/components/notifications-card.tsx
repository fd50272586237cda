import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/components/ui/toast';
import { normalizeError } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { useAccountSettings, useUpdateAccountSettings } from '../api/account-mail';

/** whether the owner is e-mailed each new message left on one of their profiles */
export function NotificationsCard() {
  const { t } = useTranslation('settings');
  const { session } = useSession();
  const settings = useAccountSettings();
  const update = useUpdateAccountSettings();
  const checked = update.isPending ? update.variables.notifyOnMessages : settings.data?.notifyOnMessages;

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('notifications.title')}</CardTitle>
        <CardDescription>
          {session?.email
            ? t('notifications.description', { email: session.email })
            : t('notifications.descriptionYou')}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <div className="flex items-start justify-between gap-4">
          <div className="min-w-0 space-y-0.5">
            <label htmlFor="notify-messages" className="cursor-pointer text-sm font-medium">
              {t('notifications.label')}
            </label>
            <p id="notify-messages-description" className="text-xs text-muted-foreground">
              {t('notifications.hint')}
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
                        title: notifyOnMessages ? t('notifications.onTitle') : t('notifications.offTitle'),
                        description: notifyOnMessages
                          ? t('notifications.onText')
                          : t('notifications.offText'),
                        variant: 'success',
                      }),
                    onError: (error) =>
                      toast({
                        title: t('shared.saveFailed'),
                        description: normalizeError(error).message,
                        variant: 'destructive',
                      }),
                  },
                )
              }
            />
          )}
        </div>
        {settings.isError ? <p className="mt-3 text-sm text-destructive">{t('shared.loadFailed')}</p> : null}
      </CardContent>
    </Card>
  );
}
