import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrorMap, InviteMemberDto, type CardTemplateResponse } from '@cardcraft/contracts';
import { ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { TextField } from '@/components/ui/form-field';
import { toast } from '@/components/ui/toast';
import { fieldErrorsOf, normalizeError } from '@/lib/api-client';
import { useForm } from '@/lib/use-form';
import { useInvite } from '../api/invitations';
import { RoleField, TemplateField } from './pickers';

const EMPTY = { email: '', role: 'member', name: '', title: '', phone: '', templateId: '' };

/** one invitation: the address, the role, and what the member's first card is made with */
export function InviteForm({
  teamId,
  templates,
  canGrantOwner,
}: {
  teamId: string;
  templates: CardTemplateResponse[];
  canGrantOwner: boolean;
}) {
  const { t } = useTranslation('teams');
  const invite = useInvite(teamId);
  const { values, errors, failure, setFailure, setServerErrors, reset, field, set, validate } = useForm(
    EMPTY,
    {
      dto: InviteMemberDto,
    },
  );

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const valid = validate();
    if (!valid) return;
    try {
      const sent = await invite.mutateAsync(valid);
      toast({
        title: t('invite.sent'),
        description: t('invite.sentText', { email: sent.email }),
        variant: 'success',
      });
      reset({ ...EMPTY, role: values.role, templateId: values.templateId });
    } catch (error) {
      setServerErrors(fieldErrorMap(fieldErrorsOf(error)));
      setFailure(normalizeError(error).message);
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('invite.title')}</CardTitle>
        <CardDescription>{t('invite.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={onSubmit} className="space-y-4">
          {failure ? <ErrorAlert>{failure}</ErrorAlert> : null}
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label={t('invite.email')}
              type="email"
              autoComplete="off"
              required
              placeholder="peter@initech.example"
              {...field('email')}
            />
            <RoleField
              value={values.role}
              onChange={(role) => set('role', role)}
              canGrantOwner={canGrantOwner}
              error={errors.role}
            />
            <TemplateField
              value={values.templateId}
              onChange={(templateId) => set('templateId', templateId)}
              templates={templates}
              label={t('invite.card')}
              hint={t('invite.cardHint')}
              error={errors.templateId}
              className="sm:col-span-2"
            />
            <TextField
              label={t('invite.name')}
              autoComplete="off"
              placeholder="Peter Gibbons"
              {...field('name')}
            />
            <TextField
              label={t('invite.jobTitle')}
              autoComplete="off"
              placeholder={t('invite.jobTitlePlaceholder')}
              {...field('title')}
            />
            <TextField label={t('invite.phone')} type="tel" autoComplete="off" {...field('phone')} />
          </div>
          <Button type="submit" disabled={invite.isPending}>
            {invite.isPending ? t('invite.pending') : t('invite.submit')}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
