import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SecondFactorMessages } from '@cardcraft/contracts';
import { ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/form-field';
import { normalizeError } from '@/lib/api-client';
import { useLoginSecondFactor } from '../api/auth';

/**
 * the sign-in's second step: the six digits of the authenticator app, or one of the recovery codes.
 * a challenge that ran out sends the person back to the password with the server's words.
 */
export function SecondFactorStep({
  challengeToken,
  onSignedIn,
  onRestart,
}: {
  challengeToken: string;
  onSignedIn: () => void;
  onRestart: (message: string) => void;
}) {
  const { t } = useTranslation('auth');
  const verify = useLoginSecondFactor();
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    if (code.trim() === '') {
      setError(recovery ? t('secondFactor.recoveryRequired') : t('secondFactor.codeRequired'));
      return;
    }
    setError(undefined);
    try {
      await verify.mutateAsync({ challengeToken, code });
      onSignedIn();
    } catch (caught) {
      const message = normalizeError(caught).message;
      if (message === SecondFactorMessages.challengeExpired) onRestart(message);
      else setFailure(message);
    }
  };

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label={t('secondFactor.title')}>
      {failure ? <ErrorAlert>{failure}</ErrorAlert> : null}
      <p className="text-sm text-muted-foreground">
        {recovery ? t('secondFactor.recoveryText') : t('secondFactor.appText')}
      </p>
      <TextField
        key={recovery ? 'recovery' : 'app'}
        label={recovery ? t('secondFactor.recoveryCode') : t('secondFactor.code')}
        autoComplete="one-time-code"
        inputMode={recovery ? 'text' : 'numeric'}
        autoFocus
        required
        placeholder={recovery ? 'xxxxx-xxxxx' : '123456'}
        value={code}
        error={error}
        onChange={(event) => setCode(event.target.value)}
      />
      <Button type="submit" className="w-full" size="lg" disabled={verify.isPending}>
        {verify.isPending ? t('secondFactor.verifying') : t('secondFactor.verify')}
      </Button>
      <p className="text-center text-sm">
        <button
          type="button"
          className="font-medium text-primary hover:underline"
          onClick={() => {
            setRecovery(!recovery);
            setCode('');
            setError(undefined);
            setFailure(null);
          }}
        >
          {recovery ? t('secondFactor.useApp') : t('secondFactor.useRecovery')}
        </button>
      </p>
    </form>
  );
}
