import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import {
  CreateTeamCardDto,
  fieldErrorMap,
  type CardTemplateResponse,
  type TeamMemberResponse,
} from '@cardcraft/contracts';
import { ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { TextField } from '@/components/ui/form-field';
import { toast } from '@/components/ui/toast';
import { fieldErrorsOf, normalizeError } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { useForm } from '@/lib/use-form';
import { useCreateTeamCard } from '../api/cards';
import { MemberField, TemplateField } from './pickers';

/** a handle from a name: what a person would type, so the field starts filled */
const handleFrom = (name: string) =>
  name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 30);

/**
 * a team card made from a template: an admin picks who holds it, a member makes their own. one's own
 * new card opens in the editor, to be finished and published.
 */
export function CreateCardDialog({
  teamId,
  open,
  onOpenChange,
  templates,
  members,
}: {
  teamId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  templates: CardTemplateResponse[];
  /** the members an admin may give it to; null for a member, who makes their own */
  members: TeamMemberResponse[] | null;
}) {
  const { t } = useTranslation('teams');
  const navigate = useNavigate();
  const { session } = useSession();
  const creation = useCreateTeamCard(teamId);
  const initial = {
    templateId: templates.length === 1 ? templates[0].id : '',
    holderId: session?.userId ?? '',
    handle: members ? '' : handleFrom(session?.displayName ?? ''),
    displayName: members ? '' : (session?.displayName ?? ''),
  };
  const { values, errors, failure, setFailure, setServerErrors, reset, field, set, patch, validate } =
    useForm(initial, {
      dto: CreateTeamCardDto,
    });

  const close = (next: boolean) => {
    if (creation.isPending) return;
    if (!next) reset(initial);
    setFailure(null);
    onOpenChange(next);
  };

  // the holder's name fills the card's name and handle while they are still empty
  const onHolder = (holderId: string) => {
    const holder = members?.find((m) => m.userId === holderId);
    const fill = holder && values.displayName === '' && values.handle === '';
    patch(
      fill
        ? { holderId, displayName: holder.displayName, handle: handleFrom(holder.displayName) }
        : { holderId },
    );
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const valid = validate();
    if (!valid) return;
    try {
      const card = await creation.mutateAsync(valid);
      close(false);
      if (card.holder.userId === session?.userId) {
        toast({
          title: t('createCard.created'),
          description: t('createCard.createdText'),
          variant: 'success',
        });
        navigate(`/dashboard/profile/${card.profileId}`);
      } else {
        toast({ title: t('createCard.createdFor', { name: card.holder.displayName }), variant: 'success' });
      }
    } catch (error) {
      setServerErrors(fieldErrorMap(fieldErrorsOf(error)));
      setFailure(normalizeError(error).message);
    }
  };

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>{members ? t('createCard.adminTitle') : t('createCard.memberTitle')}</DialogTitle>
          <DialogDescription>{t('createCard.description')}</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={onSubmit} className="space-y-4">
          {failure ? <ErrorAlert>{failure}</ErrorAlert> : null}
          <TemplateField
            required
            value={values.templateId}
            onChange={(templateId) => set('templateId', templateId)}
            templates={templates}
            error={errors.templateId}
          />
          {members ? (
            <MemberField
              label={t('createCard.holder')}
              value={values.holderId}
              onChange={onHolder}
              members={members}
              error={errors.holderId}
            />
          ) : null}
          <TextField label={t('createCard.name')} required {...field('displayName')} />
          <TextField
            label={t('createCard.handle')}
            required
            hint={t('createCard.handleHint', { handle: values.handle || t('createCard.handleExample') })}
            autoCapitalize="none"
            spellCheck={false}
            {...field('handle')}
          />
          <DialogFooter>
            <Button variant="outline" onClick={() => close(false)} disabled={creation.isPending}>
              {t('actions.cancel')}
            </Button>
            <Button type="submit" disabled={creation.isPending}>
              {creation.isPending ? t('actions.creating') : t('createCard.submit')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
