import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isTeamAdmin, type TeamMemberResponse } from '@cardcraft/contracts';
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
import { toast } from '@/components/ui/toast';
import { normalizeError } from '@/lib/api-client';
import { useRemoveMember } from '../api/members';
import { CardsChoice, type CardsChoiceValue } from './cards-choice';

/** an admin removes someone: their team cards go to an admin (the remover by default) or offline */
export function RemoveMemberDialog({
  teamId,
  member,
  members,
  myUserId,
  onOpenChange,
}: {
  teamId: string;
  member: TeamMemberResponse | null;
  members: TeamMemberResponse[];
  myUserId: string;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('teams');
  const removal = useRemoveMember(teamId);
  const [choice, setChoice] = useState<CardsChoiceValue>({ cards: 'transfer', transferTo: myUserId });
  const [failure, setFailure] = useState<string | null>(null);
  // the remover first: the API's own default
  const takers = members
    .filter((m) => isTeamAdmin(m.role) && m.userId !== member?.userId)
    .sort((a, b) => Number(b.userId === myUserId) - Number(a.userId === myUserId))
    .map((m) =>
      m.userId === myUserId ? { ...m, displayName: t('remove.you', { name: m.displayName }) } : m,
    );

  const close = (open: boolean) => {
    if (removal.isPending) return;
    setFailure(null);
    setChoice({ cards: 'transfer', transferTo: myUserId });
    onOpenChange(open);
  };

  const remove = async () => {
    if (!member) return;
    setFailure(null);
    try {
      await removal.mutateAsync({
        userId: member.userId,
        cards: choice.cards,
        transferTo: choice.cards === 'transfer' ? choice.transferTo : null,
      });
      // by their own name, the remover too
      const taker = members.find((m) => m.userId === choice.transferTo)?.displayName;
      toast({
        title: t('remove.removed', { name: member.displayName }),
        description:
          member.cardCount === 0
            ? undefined
            : choice.cards !== 'transfer'
              ? t('remove.cardsKept')
              : taker
                ? t('remove.cardsTo', { name: taker })
                : t('remove.cardsToYou'),
        variant: 'success',
      });
      close(false);
    } catch (error) {
      setFailure(normalizeError(error).message);
    }
  };

  return (
    <Dialog open={member !== null} onOpenChange={close}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('remove.title', { name: member?.displayName ?? '' })}</DialogTitle>
          <DialogDescription>{t('remove.text', { email: member?.email ?? '' })}</DialogDescription>
        </DialogHeader>
        {failure ? <ErrorAlert>{failure}</ErrorAlert> : null}
        {member && member.cardCount > 0 ? (
          <CardsChoice
            value={choice}
            onChange={setChoice}
            takers={takers}
            count={member.cardCount}
            whose="their"
          />
        ) : null}
        <DialogFooter>
          <Button variant="outline" onClick={() => close(false)} disabled={removal.isPending}>
            {t('actions.cancel')}
          </Button>
          <Button variant="destructive" onClick={() => void remove()} disabled={removal.isPending}>
            {removal.isPending ? t('remove.pending') : t('remove.submit')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
