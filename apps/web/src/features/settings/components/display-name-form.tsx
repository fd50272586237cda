import { useState, type FormEvent } from 'react';
import { UpdateAccountDto, fieldErrorMap, validateInput } from '@cardcraft/contracts';
import { ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/toast';
import { fieldErrorsOf, normalizeError } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { useUpdateAccount } from '../api/account';

export function DisplayNameForm() {
  const { session } = useSession();
  const update = useUpdateAccount();
  const [displayName, setDisplayName] = useState(session?.displayName ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const result = validateInput(UpdateAccountDto, { displayName });
    setErrors(fieldErrorMap(result.errors));
    if (result.errors.length > 0) return;
    setFailure(null);
    try {
      const user = await update.mutateAsync({ displayName: result.value.displayName });
      setDisplayName(user.displayName);
      toast({
        title: 'Profile updated',
        description: 'Your display name has been saved.',
        variant: 'success',
      });
    } catch (error) {
      setErrors(fieldErrorMap(fieldErrorsOf(error)));
      setFailure(normalizeError(error).message);
    }
  };

  return (
    <Card>
      <form noValidate onSubmit={onSubmit}>
        <CardHeader>
          <CardTitle>Account</CardTitle>
          <CardDescription>The name shown in your dashboard and on messages you send</CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          {failure ? <ErrorAlert>{failure}</ErrorAlert> : null}
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label="Display Name" error={errors.displayName}>
              <Input
                autoComplete="name"
                value={displayName}
                onChange={(e) => setDisplayName(e.target.value)}
              />
            </FormField>
            <FormField label="Email" hint="Your sign-in address cannot be changed here">
              <Input type="email" value={session?.email ?? ''} readOnly className="bg-muted text-slate-600" />
            </FormField>
          </div>
        </CardContent>
        <CardFooter className="justify-end">
          <Button type="submit" disabled={update.isPending}>
            {update.isPending ? 'Saving...' : 'Save Changes'}
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}
