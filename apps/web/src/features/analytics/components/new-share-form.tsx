import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CreateAnalyticsShareDto, fieldErrorMap } from '@cardcraft/contracts';
import { ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/form-field';
import { toast } from '@/components/ui/toast';
import { fieldErrorsOf, normalizeError } from '@/lib/api-client';
import { useForm } from '@/lib/use-form';
import { useCreateAnalyticsShare } from '../api/analytics-shares';

const EMPTY = { label: '', password: '' };

/** a new link: a label the owner knows it by, and a password when the link alone should not open it */
export function NewShareForm({ profileId, disabled }: { profileId: string; disabled: boolean }) {
  const { t } = useTranslation('analytics');
  const create = useCreateAnalyticsShare(profileId);
  const { failure, setFailure, setServerErrors, reset, field, validate } = useForm(EMPTY, {
    dto: CreateAnalyticsShareDto,
    // an empty field is no label and no password
    input: (values) => ({ label: values.label || undefined, password: values.password || undefined }),
  });

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const valid = validate();
    if (!valid) return;
    try {
      await create.mutateAsync(valid);
      reset(EMPTY);
      toast({ title: t('share.created'), description: t('share.createdText'), variant: 'success' });
    } catch (error) {
      setServerErrors(fieldErrorMap(fieldErrorsOf(error)));
      setFailure(normalizeError(error).message);
    }
  };

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-labelledby="new-share-title"
      className="min-w-0 space-y-3 rounded-xl border border-border bg-muted/40 p-4"
    >
      <h3 id="new-share-title" className="text-sm font-semibold">
        {t('share.new')}
      </h3>
      {failure ? <ErrorAlert>{failure}</ErrorAlert> : null}
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label={t('share.label')}
          autoComplete="off"
          placeholder={t('share.labelExample')}
          {...field('label')}
        />
        <TextField
          label={t('share.password')}
          type="password"
          autoComplete="new-password"
          hint={t('share.passwordHint')}
          {...field('password')}
        />
      </div>
      <div className="flex justify-end">
        <Button type="submit" disabled={disabled || create.isPending}>
          {create.isPending ? t('share.creating') : t('share.create')}
        </Button>
      </div>
    </form>
  );
}
