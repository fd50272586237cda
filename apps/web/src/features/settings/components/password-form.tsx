import { useState, type ChangeEvent, type FormEvent } from 'react';
import { ChangePasswordDto, Messages, fieldErrorMap, validateInput } from '@cardcraft/contracts';
import { ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/toast';
import { fieldErrorsOf, normalizeError } from '@/lib/api-client';
import { useChangePassword } from '../api/account';

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

export function PasswordForm() {
  const change = useChangePassword();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);

  const set = (key: keyof typeof EMPTY) => (e: ChangeEvent<HTMLInputElement>) =>
    setValues((v) => ({ ...v, [key]: e.target.value }));

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const result = validateInput(ChangePasswordDto, {
      currentPassword: values.currentPassword,
      newPassword: values.newPassword,
    });
    const next = fieldErrorMap(result.errors);
    if (values.confirmPassword !== values.newPassword)
      next.confirmPassword = Messages.registerConfirmPassword;
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    setFailure(null);
    try {
      await change.mutateAsync({ currentPassword: values.currentPassword, newPassword: values.newPassword });
      setValues(EMPTY);
      toast({
        title: 'Password changed',
        description: 'Use your new password next time you sign in.',
        variant: 'success',
      });
    } catch (error) {
      const fields = fieldErrorMap(fieldErrorsOf(error));
      setErrors(fields);
      if (Object.keys(fields).length === 0) setFailure(normalizeError(error).message);
    }
  };

  return (
    <Card>
      <form noValidate onSubmit={onSubmit}>
        <CardHeader>
          <CardTitle>Password</CardTitle>
          <CardDescription>Choose a password of at least 6 characters</CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          {failure ? <ErrorAlert>{failure}</ErrorAlert> : null}
          <FormField label="Current Password" error={errors.currentPassword} className="sm:max-w-sm">
            <Input
              type="password"
              autoComplete="current-password"
              value={values.currentPassword}
              onChange={set('currentPassword')}
            />
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label="New Password" error={errors.newPassword}>
              <Input
                type="password"
                autoComplete="new-password"
                value={values.newPassword}
                onChange={set('newPassword')}
              />
            </FormField>
            <FormField label="Confirm New Password" error={errors.confirmPassword}>
              <Input
                type="password"
                autoComplete="new-password"
                value={values.confirmPassword}
                onChange={set('confirmPassword')}
              />
            </FormField>
          </div>
        </CardContent>
        <CardFooter className="justify-end">
          <Button type="submit" disabled={change.isPending}>
            {change.isPending ? 'Updating...' : 'Change Password'}
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}
