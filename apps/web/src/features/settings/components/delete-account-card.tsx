import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation('settings');
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
      toast({ title: t('deleteAccount.deletedTitle'), description: t('deleteAccount.deletedText') });
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
        <CardTitle className="text-destructive">{t('deleteAccount.title')}</CardTitle>
        <CardDescription>{t('deleteAccount.description')}</CardDescription>
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
            <Button variant="destructive">{t('deleteAccount.submit')}</Button>
          </AlertDialogTrigger>
          <AlertDialogContent>
            <form noValidate onSubmit={onSubmit} className="grid gap-4">
              <AlertDialogHeader>
                <span className="mb-1 flex size-10 items-center justify-center rounded-full bg-destructive-soft text-destructive">
                  <TriangleAlert className="size-5" aria-hidden="true" />
                </span>
                <AlertDialogTitle>{t('deleteAccount.confirmTitle')}</AlertDialogTitle>
                <AlertDialogDescription>{t('deleteAccount.confirmText')}</AlertDialogDescription>
              </AlertDialogHeader>
              {failure ? <ErrorAlert>{failure}</ErrorAlert> : null}
              <TextField
                label={t('deleteAccount.password')}
                type="password"
                autoComplete="current-password"
                {...field('password')}
              />
              <AlertDialogFooter>
                <AlertDialogCancel type="button" disabled={deletion.isPending}>
                  {t('shared.cancel')}
                </AlertDialogCancel>
                <Button type="submit" variant="destructive" disabled={deletion.isPending}>
                  {deletion.isPending ? t('deleteAccount.deleting') : t('deleteAccount.submit')}
                </Button>
              </AlertDialogFooter>
            </form>
          </AlertDialogContent>
        </AlertDialog>
      </CardContent>
    </Card>
  );
}
