import type { FormEvent } from 'react';
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
        title: 'Invitation sent',
        description: `${sent.email} has a link to join.`,
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
        <CardTitle>Invite someone</CardTitle>
        <CardDescription>They get an e-mail with a link to join, good for a week.</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={onSubmit} className="space-y-4">
          {failure ? <ErrorAlert>{failure}</ErrorAlert> : null}
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label="E-mail"
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
              label="Their card"
              hint="A card made from this template is waiting for them when they join"
              error={errors.templateId}
              className="sm:col-span-2"
            />
            <TextField label="Name" autoComplete="off" placeholder="Peter Gibbons" {...field('name')} />
            <TextField label="Title" autoComplete="off" placeholder="Software engineer" {...field('title')} />
            <TextField label="Phone" type="tel" autoComplete="off" {...field('phone')} />
          </div>
          <Button type="submit" disabled={invite.isPending}>
            {invite.isPending ? 'Sending...' : 'Send invitation'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
