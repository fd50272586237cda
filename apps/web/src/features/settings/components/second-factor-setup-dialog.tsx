import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { SecondFactorSetupResponse } from '@cardcraft/contracts';
import { ConfirmItsYou } from '@/components/auth/confirm-its-you';
import { ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { TextField } from '@/components/ui/form-field';
import { Skeleton } from '@/components/ui/skeleton';
import { fieldErrorsOf, normalizeError } from '@/lib/api-client';
import { needsReauthentication } from '@/lib/reauthentication';
import { useBeginSecondFactor, useEnableSecondFactor } from '@/lib/second-factor';
import { RecoveryCodes } from './recovery-codes';

/** "JBSW Y3DP EHPK 3PXP": the key in groups of four, as people type it into an app */
const grouped = (secret: string) => secret.replace(/(.{4})/g, '$1 ').trim();

/**
 * turning two-step verification on: the password again if the sign-in is old, then the QR code (and
 * its key, for typing), a first code from the app, and the recovery codes, once
 */
export function SecondFactorSetupDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation(['settings', 'auth']);
  const begin = useBeginSecondFactor();
  const enable = useEnableSecondFactor();
  const [setup, setSetup] = useState<SecondFactorSetupResponse | null>(null);
  const [proving, setProving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | undefined>();
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  const start = async () => {
    setFailure(null);
    try {
      setSetup(await begin.mutateAsync());
    } catch (error) {
      if (needsReauthentication(error)) setProving(true);
      else setFailure(normalizeError(error).message);
    }
  };

  const close = (next: boolean) => {
    if (enable.isPending) return;
    if (!next) {
      setSetup(null);
      setProving(false);
      setFailure(null);
      setCode('');
      setCodeError(undefined);
      setRecoveryCodes(null);
      begin.reset();
    }
    onOpenChange(next);
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setCodeError(undefined);
    setFailure(null);
    try {
      setRecoveryCodes((await enable.mutateAsync(code)).recoveryCodes);
    } catch (error) {
      const onField = fieldErrorsOf(error).find((found) => found.field === 'code');
      if (onField) setCodeError(onField.message);
      else setFailure(normalizeError(error).message);
    }
  };

  const title = recoveryCodes
    ? t('setup.savedTitle')
    : proving
      ? t('confirmItsYou.title', { ns: 'auth' })
      : t('setup.title');
  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent
        className="max-w-lg"
        // the setup begins as the dialog opens: a new secret each time
        onOpenAutoFocus={() => {
          if (!setup && !proving && begin.isIdle) void start();
        }}
      >
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>
            {recoveryCodes ? t('setup.savedText') : t('setup.description')}
          </DialogDescription>
        </DialogHeader>
        {recoveryCodes ? (
          <>
            <RecoveryCodes codes={recoveryCodes} />
            <DialogFooter>
              <Button onClick={() => close(false)}>{t('shared.done')}</Button>
            </DialogFooter>
          </>
        ) : proving ? (
          <ConfirmItsYou
            onCancel={() => close(false)}
            onConfirmed={() => {
              setProving(false);
              void start();
            }}
          />
        ) : (
          <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label={t('setup.formLabel')}>
            {failure ? <ErrorAlert>{failure}</ErrorAlert> : null}
            <ol className="list-decimal space-y-1 pl-5 text-sm text-muted-foreground">
              <li>{t('setup.stepApp')}</li>
              <li>{t('setup.stepScan')}</li>
              <li>{t('setup.stepCode')}</li>
            </ol>
            <div className="flex flex-col items-center gap-3 sm:flex-row sm:items-start">
              {setup ? (
                <img
                  src={`data:image/svg+xml;utf8,${encodeURIComponent(setup.qrSvg)}`}
                  alt={t('setup.qrAlt')}
                  className="size-44 shrink-0 rounded-lg border border-border bg-white"
                />
              ) : (
                <Skeleton className="size-44 shrink-0" aria-label={t('setup.qrPreparing')} />
              )}
              <div className="min-w-0 space-y-1 text-sm">
                <p className="font-medium">{t('setup.cannotScan')}</p>
                <p className="text-muted-foreground">{t('setup.enterKey')}</p>
                <code
                  className="block break-all rounded-md bg-muted px-2 py-1 font-mono text-sm"
                  data-testid="setup-key"
                >
                  {setup ? grouped(setup.secret) : '…'}
                </code>
              </div>
            </div>
            <TextField
              label={t('setup.code')}
              inputMode="numeric"
              autoComplete="one-time-code"
              required
              value={code}
              error={codeError}
              onChange={(event) => setCode(event.target.value)}
            />
            <DialogFooter>
              <Button
                variant="outline"
                type="button"
                onClick={() => close(false)}
                disabled={enable.isPending}
              >
                {t('shared.cancel')}
              </Button>
              <Button type="submit" disabled={!setup || enable.isPending}>
                {enable.isPending ? t('setup.turningOn') : t('secondFactor.turnOn')}
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
