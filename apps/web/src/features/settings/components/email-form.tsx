import { useState, type FormEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { ChangeEmailDto, fieldErrorMap } from '@cardcraft/contracts';
import { ErrorAlert, SuccessAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { TextField } from '@/components/ui/form-field';
import { fieldErrorsOf, normalizeError } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { useForm } from '@/lib/use-form';
import { useRequestEmailChange } from '../api/account-mail';

const EMPTY = { newEmail: '', currentPassword: '' };

/** a new sign-in address: it applies once the link e-mailed to it is opened */
export function EmailForm() {
  const { t } = useTranslation('settings');
  const { session } = useSession();
  const change = useRequestEmailChange();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { values, reset, setServerErrors, failure, setFailure, field, validate } = useForm(EMPTY, {
    dto: ChangeEmailDto,
  });

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const valid = validate();
    if (!valid) return;
    try {
      await change.mutateAsync({ newEmail: valid.newEmail, currentPassword: values.currentPassword });
      setSentTo(valid.newEmail);
      reset(EMPTY);
    } catch (error) {
      const fields = fieldErrorMap(fieldErrorsOf(error));
      setServerErrors(fields);
      if (Object.keys(fields).length === 0) setFailure(normalizeError(error).message);
    }
  };

  return (
    <Card>
      <form noValidate onSubmit={onSubmit}>
        <CardHeader>
          <CardTitle>{t('email.title')}</CardTitle>
          <CardDescription>
            <Trans
              t={t}
              i18nKey="email.signInWith"
              values={{ email: session?.email ?? '' }}
              components={{ strong: <span className="font-medium text-foreground" /> }}
            />
          </CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          {failure ? <ErrorAlert>{failure}</ErrorAlert> : null}
          {sentTo ? (
            <SuccessAlert>
              <Trans
                t={t}
                i18nKey="email.sent"
                values={{ email: sentTo }}
                components={{ strong: <strong /> }}
              />
            </SuccessAlert>
          ) : null}
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label={t('email.newEmail')}
              type="email"
              autoComplete="email"
              placeholder="you@example.com"
              {...field('newEmail')}
            />
            <TextField
              label={t('shared.currentPassword')}
              type="password"
              autoComplete="current-password"
              {...field('currentPassword')}
            />
          </div>
        </CardContent>
        <CardFooter className="justify-end">
          <Button type="submit" disabled={change.isPending}>
            {change.isPending ? t('email.sending') : t('email.submit')}
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}
