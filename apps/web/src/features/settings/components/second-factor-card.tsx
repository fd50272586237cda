import { useState } from 'react';
import { useTranslation } from 'react-i18next';
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
import { useLanguage } from '@/i18n/use-language';
import { normalizeError } from '@/lib/api-client';
import { needsReauthentication } from '@/lib/reauthentication';
import { useDisableSecondFactor, useNewRecoveryCodes, useSecondFactorStatus } from '@/lib/second-factor';
import { RecoveryCodes } from './recovery-codes';
import { SecondFactorSetupDialog } from './second-factor-setup-dialog';

/** what each action's dialog says: under secondFactor.actions.{codes,off} (title, description, confirm, pending) */
type Action = 'codes' | 'off';

/**
 * "Two-step verification": an authenticator app's code after the password, with recovery codes; what
 * changes it (new codes, turning it off) asks for the password again when the sign-in is old
 */
export function SecondFactorCard() {
  const { t } = useTranslation(['settings', 'auth']);
  const day = new Intl.DateTimeFormat(useLanguage(), { dateStyle: 'medium' });
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
          title: t('secondFactor.offTitle'),
          description: t('secondFactor.offText'),
        });
      }
    } catch (error) {
      if (needsReauthentication(error)) setProving(true);
      else setFailure(normalizeError(error).message);
    }
  };

  const enabled = status.data?.enabled === true;
  const said = (part: 'title' | 'description' | 'confirm' | 'pending') =>
    action ? t(`secondFactor.actions.${action}.${part}`) : undefined;
  return (
    <Card id="security" role="region" aria-labelledby="security-title" className="scroll-mt-6">
      <CardHeader className="gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0 space-y-1">
          <CardTitle id="security-title" className="flex flex-wrap items-center gap-2">
            {t('secondFactor.title')}
            {enabled ? <Badge variant="success">{t('secondFactor.on')}</Badge> : null}
          </CardTitle>
          <CardDescription>{t('secondFactor.description')}</CardDescription>
        </div>
        {status.data && !enabled ? (
          <Button className="self-start sm:shrink-0" onClick={() => setSettingUp(true)}>
            <ShieldCheck aria-hidden="true" />
            {t('secondFactor.turnOn')}
          </Button>
        ) : null}
      </CardHeader>
      <CardContent>
        {status.isPending ? (
          <Skeleton className="h-10 w-full" aria-label={t('secondFactor.loading')} />
        ) : status.isError ? (
          <ErrorAlert>{normalizeError(status.error).message}</ErrorAlert>
        ) : enabled ? (
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
            <p className="text-sm text-muted-foreground">
              {status.data.enabledAtUtc
                ? t('secondFactor.onSince', { date: day.format(new Date(status.data.enabledAtUtc)) })
                : t('secondFactor.onSinceToday')}{' '}
              {t('secondFactor.codesLeft', { count: status.data.recoveryCodesLeft })}
            </p>
            <div className="flex flex-wrap gap-2">
              <Button variant="outline" size="sm" onClick={() => setAction('codes')}>
                {t('secondFactor.newCodes')}
              </Button>
              <Button
                variant="outline"
                size="sm"
                className="text-destructive hover:bg-destructive-soft hover:text-destructive"
                onClick={() => setAction('off')}
              >
                {t('secondFactor.turnOff')}
              </Button>
            </div>
          </div>
        ) : (
          <p className="text-sm text-muted-foreground">{t('secondFactor.offState')}</p>
        )}
      </CardContent>
      <SecondFactorSetupDialog open={settingUp} onOpenChange={setSettingUp} />
      <Dialog open={action !== null} onOpenChange={(next) => (next ? undefined : close())}>
        <DialogContent className="max-w-lg">
          <DialogHeader>
            <DialogTitle>
              {codes
                ? t('secondFactor.newCodesTitle')
                : proving
                  ? t('confirmItsYou.title', { ns: 'auth' })
                  : said('title')}
            </DialogTitle>
            <DialogDescription>
              {codes ? t('secondFactor.newCodesText') : said('description')}
            </DialogDescription>
          </DialogHeader>
          {codes ? (
            <>
              <RecoveryCodes codes={codes} />
              <DialogFooter>
                <Button onClick={close}>{t('shared.done')}</Button>
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
                  {t('shared.cancel')}
                </Button>
                <Button
                  variant={action === 'off' ? 'destructive' : 'default'}
                  onClick={() => action && void run(action)}
                  disabled={pending}
                >
                  {pending ? said('pending') : said('confirm')}
                </Button>
              </DialogFooter>
            </>
          )}
        </DialogContent>
      </Dialog>
    </Card>
  );
}
