import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { TriangleAlert } from 'lucide-react';
import { DeleteAccountDto, fieldErrorMap } from '@cardcraft/contracts';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '@/components/ui/alert-dialog';
import { ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { TextField } from '@/components/ui/form-field';
import { toast } from '@/components/ui/toast';
import { fieldErrorsOf, normalizeError } from '@/lib/api-client';
import { SIGN_OUT_PATH } from '@/components/layout/sign-out';
import { useForm } from '@/lib/use-form';
import { useDeleteAccount } from '../api/account';

export function DeleteAccountCard() {
  const navigate = useNavigate();
  const deletion = useDeleteAccount();
  const [open, setOpen] = useState(false);
  const { values, reset, setServerErrors, failure, setFailure, field, validate } = useForm(
    { password: '' },
    { dto: DeleteAccountDto },
  );

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!validate()) return;
    try {
      await deletion.mutateAsync({ password: values.password });
      toast({ title: 'Account deleted', description: 'Your account and all its data have been deleted.' });
      // signing out (which also clears the cache) leads home
      navigate(SIGN_OUT_PATH, { replace: true });
    } catch (err) {
      const fields = fieldErrorMap(fieldErrorsOf(err));
      setServerErrors(fields);
      if (!fields.password) setFailure(normalizeError(err).message);
    }
  };

  return (
    <Card className="border-red-200">
      <CardHeader>
        <CardTitle className="text-destructive">Delete account</CardTitle>
        <CardDescription>
          Permanently delete your account, every profile, its messages and its analytics. This cannot be
          undone.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <AlertDialog
          open={open}
          onOpenChange={(next) => {
            if (deletion.isPending) return;
            setOpen(next);
            if (!next) {
              reset({ password: '' });
              setFailure(null);
            }
          }}
        >
          <AlertDialogTrigger asChild>
            <Button variant="destructive">Delete Account</Button>
          </AlertDialogTrigger>
          <AlertDialogContent>
            <form noValidate onSubmit={onSubmit} className="grid gap-4">
              <AlertDialogHeader>
                <span className="mb-1 flex size-10 items-center justify-center rounded-full bg-destructive-soft text-destructive">
                  <TriangleAlert className="size-5" aria-hidden="true" />
                </span>
                <AlertDialogTitle>Delete your account?</AlertDialogTitle>
                <AlertDialogDescription>
                  This will permanently delete your account, all your profiles, their messages and analytics.
                  Enter your password to confirm.
                </AlertDialogDescription>
              </AlertDialogHeader>
              {failure ? <ErrorAlert>{failure}</ErrorAlert> : null}
              <TextField
                label="Password"
                type="password"
                autoComplete="current-password"
                {...field('password')}
              />
              <AlertDialogFooter>
                <AlertDialogCancel type="button" disabled={deletion.isPending}>
                  Cancel
                </AlertDialogCancel>
                <Button type="submit" variant="destructive" disabled={deletion.isPending}>
                  {deletion.isPending ? 'Deleting...' : 'Delete Account'}
                </Button>
              </AlertDialogFooter>
            </form>
          </AlertDialogContent>
        </AlertDialog>
      </CardContent>
    </Card>
  );
}
