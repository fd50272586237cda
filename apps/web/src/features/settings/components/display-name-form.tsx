import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { UpdateAccountDto, fieldErrorMap } from '@cardcraft/contracts';
import { ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { TextField } from '@/components/ui/form-field';
import { toast } from '@/components/ui/toast';
import { fieldErrorsOf, normalizeError } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { useForm } from '@/lib/use-form';
import { useUpdateAccount } from '../api/account';

export function DisplayNameForm() {
  const { t } = useTranslation('settings');
  const { session } = useSession();
  const update = useUpdateAccount();
  const { reset, setServerErrors, failure, setFailure, field, validate } = useForm(
    { displayName: session?.displayName ?? '' },
    { dto: UpdateAccountDto },
  );

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const valid = validate();
    if (!valid) return;
    try {
      const user = await update.mutateAsync({ displayName: valid.displayName });
      reset({ displayName: user.displayName });
      toast({
        title: t('account.savedTitle'),
        description: t('account.savedText'),
        variant: 'success',
      });
    } catch (error) {
      setServerErrors(fieldErrorMap(fieldErrorsOf(error)));
      setFailure(normalizeError(error).message);
    }
  };

  return (
    <Card>
      <form noValidate onSubmit={onSubmit}>
        <CardHeader>
          <CardTitle>{t('account.title')}</CardTitle>
          <CardDescription>{t('account.description')}</CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          {failure ? <ErrorAlert>{failure}</ErrorAlert> : null}
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField label={t('account.displayName')} autoComplete="name" {...field('displayName')} />
            <TextField
              label={t('account.email')}
              hint={t('account.emailHint')}
              type="email"
              value={session?.email ?? ''}
              readOnly
              inputClassName="bg-muted text-slate-600"
            />
          </div>
        </CardContent>
        <CardFooter className="justify-end">
          <Button type="submit" disabled={update.isPending}>
            {update.isPending ? t('shared.saving') : t('account.save')}
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}
