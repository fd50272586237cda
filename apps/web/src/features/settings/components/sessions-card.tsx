import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Monitor, Smartphone, Tablet } from 'lucide-react';
import type { AccountSessionResponse } from '@cardcraft/contracts';
import { ErrorAlert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toast';
import { useLanguage } from '@/i18n/use-language';
import { normalizeError } from '@/lib/api-client';
import { useAccountSessions, useEndOtherSessions, useEndSession } from '../api/sessions';

const DEVICE_ICONS = { desktop: Monitor, mobile: Smartphone, tablet: Tablet } as const;

/** a country's name in the screen's language, from its ISO code */
function countryName(countries: Intl.DisplayNames, code: string | null): string | null {
  if (!code) return null;
  try {
    return countries.of(code) ?? code;
  } catch {
    return code;
  }
}

function SessionRow({
  session,
  onEnd,
  when,
}: {
  session: AccountSessionResponse;
  onEnd: () => void;
  when: (iso: string) => string;
}) {
  const { t } = useTranslation('settings');
  const language = useLanguage();
  const Icon = DEVICE_ICONS[session.deviceType];
  const country = countryName(new Intl.DisplayNames([language], { type: 'region' }), session.country);
  return (
    <li className="flex items-start gap-3 px-5 py-4 sm:px-6" data-testid="session">
      <Icon className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
      <div className="min-w-0 flex-1 space-y-0.5">
        <p className="flex flex-wrap items-center gap-2 text-sm font-medium">
          <span>{session.device}</span>
          {session.current ? <Badge variant="success">{t('sessions.thisDevice')}</Badge> : null}
        </p>
        <p className="text-xs text-muted-foreground">
          {country ? `${country} · ` : ''}
          <Trans
            t={t}
            i18nKey="sessions.signedIn"
            values={{ date: when(session.createdAtUtc) }}
            components={{ time: <time dateTime={session.createdAtUtc} /> }}
          />
        </p>
        <p className="text-xs text-muted-foreground">
          {session.current ? (
            t('sessions.activeNow')
          ) : (
            <Trans
              t={t}
              i18nKey="sessions.lastActive"
              values={{ date: when(session.lastSeenAtUtc) }}
              components={{ time: <time dateTime={session.lastSeenAtUtc} /> }}
            />
          )}
        </p>
      </div>
      {session.current ? null : (
        <Button
          variant="outline"
          size="sm"
          className="shrink-0"
          aria-label={t('sessions.signOutOne', { device: session.device, date: when(session.createdAtUtc) })}
          onClick={onEnd}
        >
          {t('sessions.signOut')}
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
  const { t } = useTranslation('settings');
  const dateTime = new Intl.DateTimeFormat(useLanguage(), { dateStyle: 'medium', timeStyle: 'short' });
  const when = (iso: string) => dateTime.format(new Date(iso));
  const sessions = useAccountSessions();
  const endOne = useEndSession();
  const endOthers = useEndOtherSessions();
  const [confirmingAll, setConfirmingAll] = useState(false);
  const list = sessions.data?.sessions ?? [];
  const others = list.filter((session) => !session.current).length;

  const onEnd = (session: AccountSessionResponse) =>
    endOne.mutate(session.id, {
      onSuccess: () =>
        toast({
          title: t('sessions.signedOutTitle'),
          description: t('sessions.signedOutText', { device: session.device }),
        }),
      onError: (error) =>
        toast({
          title: t('sessions.signOutFailed'),
          description: normalizeError(error).message,
          variant: 'destructive',
        }),
    });

  const onEndOthers = () =>
    endOthers.mutate(undefined, {
      onSuccess: ({ ended }) => {
        setConfirmingAll(false);
        toast({
          title: t('sessions.othersSignedOutTitle'),
          description: t('sessions.othersSignedOutText', { count: ended }),
        });
      },
      onError: (error) =>
        toast({
          title: t('sessions.signOutFailed'),
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
          <CardTitle id="sessions-title">{t('sessions.title')}</CardTitle>
          <CardDescription>{t('sessions.description')}</CardDescription>
        </div>
        {others > 0 ? (
          <Button variant="outline" className="self-start sm:shrink-0" onClick={() => setConfirmingAll(true)}>
            {t('sessions.signOutOthers')}
          </Button>
        ) : null}
      </CardHeader>
      {sessions.isPending ? (
        <div className="px-5 pb-5 sm:px-6 sm:pb-6">
          <Skeleton className="h-20 w-full" aria-label={t('sessions.loading')} />
        </div>
      ) : sessions.isError ? (
        <div className="px-5 pb-5 sm:px-6 sm:pb-6">
          <ErrorAlert>{normalizeError(sessions.error).message}</ErrorAlert>
        </div>
      ) : (
        <ul className="divide-y divide-border border-t border-border" aria-label={t('sessions.title')}>
          {list.map((session) => (
            <SessionRow key={session.id} session={session} when={when} onEnd={() => onEnd(session)} />
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={confirmingAll}
        onOpenChange={setConfirmingAll}
        title={t('sessions.confirmTitle')}
        description={t('sessions.confirmText', { count: others })}
        pending={endOthers.isPending}
        onConfirm={onEndOthers}
        confirmLabel={t('sessions.signOut')}
        pendingLabel={t('sessions.signingOut')}
      />
    </Card>
  );
}
