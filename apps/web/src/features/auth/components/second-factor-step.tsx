import { useState, type FormEvent } from 'react';
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
  const verify = useLoginSecondFactor();
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    if (code.trim() === '') {
      setError(recovery ? 'Enter one of your recovery codes' : SecondFactorMessages.codeRequired);
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
    <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label="Two-step verification">
      {failure ? <ErrorAlert>{failure}</ErrorAlert> : null}
      <p className="text-sm text-muted-foreground">
        {recovery
          ? 'Enter one of the recovery codes you saved when you turned two-step verification on. Each works once.'
          : 'Open your authenticator app and enter the 6-digit code it shows for Cardcraft.'}
      </p>
      <TextField
        key={recovery ? 'recovery' : 'app'}
        label={recovery ? 'Recovery code' : 'Code'}
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
        {verify.isPending ? 'Verifying...' : 'Verify'}
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
          {recovery ? 'Use the code from your app' : 'Use a recovery code instead'}
        </button>
      </p>
    </form>
  );
}
