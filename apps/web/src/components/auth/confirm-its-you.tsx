import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/form-field';
import { fieldErrorsOf, normalizeError } from '@/lib/api-client';
import { useReauthenticate } from '@/lib/reauthentication';
import { useSecondFactorStatus } from '@/lib/second-factor';
import { answerWithPasskey, passkeyCancelled, usePasskeys } from '@/lib/passkeys';

/**
 * "Confirm it's you": the password again, asked where the server wants a recent proof before doing
 * what matters most (a new API key); once given, the action goes on and is not asked again for a while
 */
export function ConfirmItsYou({ onConfirmed, onCancel }: { onConfirmed: () => void; onCancel: () => void }) {
  const { t } = useTranslation('auth');
  const reauthenticate = useReauthenticate();
  // an account with two-step verification may give a code of its app instead
  const canUseCode = useSecondFactorStatus().data?.enabled === true;
  const canUsePasskey = (usePasskeys().data?.length ?? 0) > 0;
  const [withCode, setWithCode] = useState(false);
  const [password, setPassword] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);

  const withPasskey = async () => {
    setFieldError(undefined);
    setFailure(null);
    try {
      await reauthenticate.mutateAsync({ passkey: await answerWithPasskey() });
      onConfirmed();
    } catch (error) {
      if (!passkeyCancelled(error)) setFailure(normalizeError(error).message);
    }
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFieldError(undefined);
    setFailure(null);
    try {
      await reauthenticate.mutateAsync(withCode ? { code: password } : { password });
      onConfirmed();
    } catch (error) {
      const onField = fieldErrorsOf(error).find((found) => found.field === (withCode ? 'code' : 'password'));
      if (onField) setFieldError(onField.message);
      else setFailure(normalizeError(error).message);
    }
  };

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label={t('confirmItsYou.label')}>
      {failure ? <ErrorAlert>{failure}</ErrorAlert> : null}
      <p className="text-sm text-muted-foreground">
        {withCode ? t('confirmItsYou.codeText') : t('confirmItsYou.passwordText')}
      </p>
      <TextField
        key={withCode ? 'code' : 'password'}
        label={withCode ? t('confirmItsYou.code') : t('fields.password')}
        type={withCode ? 'text' : 'password'}
        inputMode={withCode ? 'numeric' : undefined}
        autoComplete={withCode ? 'one-time-code' : 'current-password'}
        autoFocus
        required
        value={password}
        error={fieldError}
        onChange={(event) => setPassword(event.target.value)}
      />
      {canUseCode ? (
        <button
          type="button"
          className="text-sm font-medium text-primary hover:underline"
          onClick={() => {
            setWithCode(!withCode);
            setPassword('');
            setFieldError(undefined);
          }}
        >
          {withCode ? t('confirmItsYou.usePassword') : t('confirmItsYou.useCode')}
        </button>
      ) : null}
      {canUsePasskey ? (
        <Button
          type="button"
          variant="outline"
          className="w-full"
          disabled={reauthenticate.isPending}
          onClick={() => void withPasskey()}
        >
          {t('confirmItsYou.passkey')}
        </Button>
      ) : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" type="button" onClick={onCancel} disabled={reauthenticate.isPending}>
          {t('confirmItsYou.cancel')}
        </Button>
        <Button type="submit" disabled={reauthenticate.isPending}>
          {reauthenticate.isPending ? t('confirmItsYou.confirming') : t('confirmItsYou.confirm')}
        </Button>
      </div>
    </form>
  );
}
