import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TeamCardResponse, TeamMemberResponse } from '@cardcraft/contracts';
import { ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  returnFocus,
} from '@/components/ui/dialog';
import { toast } from '@/components/ui/toast';
import { normalizeError } from '@/lib/api-client';
import { useAssignCard } from '../api/cards';
import { MemberField } from './pickers';

/** an admin gives a card to another member: the address, leads and figures stay the card's */
export function AssignCardDialog({
  teamId,
  card,
  members,
  onOpenChange,
  returnFocusTo,
}: {
  teamId: string;
  card: TeamCardResponse | null;
  members: TeamMemberResponse[];
  onOpenChange: (open: boolean) => void;
  returnFocusTo?: HTMLElement | null;
}) {
  const { t } = useTranslation('teams');
  const assign = useAssignCard(teamId);
  const [holderId, setHolderId] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const others = members.filter((m) => m.userId !== card?.holder.userId);

  const close = (open: boolean) => {
    if (assign.isPending) return;
    setHolderId('');
    setFailure(null);
    onOpenChange(open);
  };

  const save = async () => {
    if (!card || !holderId) return;
    try {
      const moved = await assign.mutateAsync({ profileId: card.profileId, holderId });
      toast({
        title: t('assign.given', { handle: moved.handle, name: moved.holder.displayName }),
        variant: 'success',
      });
      close(false);
    } catch (error) {
      setFailure(normalizeError(error).message);
    }
  };

  return (
    <Dialog open={card !== null} onOpenChange={close}>
      <DialogContent onCloseAutoFocus={(event) => returnFocus(event, returnFocusTo)}>
        <DialogHeader>
          <DialogTitle>{t('assign.title', { handle: card?.handle ?? '' })}</DialogTitle>
          <DialogDescription>{t('assign.text', { name: card?.holder.displayName ?? '' })}</DialogDescription>
        </DialogHeader>
        {failure ? <ErrorAlert>{failure}</ErrorAlert> : null}
        <MemberField label={t('assign.holder')} value={holderId} onChange={setHolderId} members={others} />
        <DialogFooter>
          <Button variant="outline" onClick={() => close(false)} disabled={assign.isPending}>
            {t('actions.cancel')}
          </Button>
          <Button onClick={() => void save()} disabled={assign.isPending || !holderId}>
            {assign.isPending ? t('actions.saving') : t('assign.submit')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
