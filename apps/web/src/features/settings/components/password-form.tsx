import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ChangePasswordDto, Messages, fieldErrorMap } from '@cardcraft/contracts';
import { ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { TextField } from '@/components/ui/form-field';
import { toast } from '@/components/ui/toast';
import { fieldErrorsOf, normalizeError } from '@/lib/api-client';
import { useForm } from '@/lib/use-form';
import { useChangePassword } from '../api/account';

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

export function PasswordForm() {
  const { t } = useTranslation('settings');
  const change = useChangePassword();
  const { values, reset, setServerErrors, failure, setFailure, field, validate } = useForm(EMPTY, {
    dto: ChangePasswordDto,
    input: ({ currentPassword, newPassword }) => ({ currentPassword, newPassword }),
    extra: ({ newPassword, confirmPassword }): Record<string, string> =>
      confirmPassword !== newPassword ? { confirmPassword: Messages.registerConfirmPassword } : {},
  });

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const valid = validate();
    if (!valid) return;
    try {
      await change.mutateAsync({ currentPassword: values.currentPassword, newPassword: values.newPassword });
      reset(EMPTY);
      toast({
        title: t('password.changedTitle'),
        description: t('password.changedText'),
        variant: 'success',
      });
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
          <CardTitle>{t('password.title')}</CardTitle>
          <CardDescription>{t('password.description')}</CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          {failure ? <ErrorAlert>{failure}</ErrorAlert> : null}
          <TextField
            label={t('shared.currentPassword')}
            className="sm:max-w-sm"
            type="password"
            autoComplete="current-password"
            {...field('currentPassword')}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label={t('password.new')}
              type="password"
              autoComplete="new-password"
              {...field('newPassword')}
            />
            <TextField
              label={t('password.confirm')}
              type="password"
              autoComplete="new-password"
              {...field('confirmPassword')}
            />
          </div>
        </CardContent>
        <CardFooter className="justify-end">
          <Button type="submit" disabled={change.isPending}>
            {change.isPending ? t('password.updating') : t('password.submit')}
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}
