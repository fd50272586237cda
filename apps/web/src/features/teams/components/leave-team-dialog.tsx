import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { isTeamAdmin, type TeamResponse } from '@cardcraft/contracts';
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
import { useSession } from '@/lib/session';
import { useTeamCards, useTeamMembers } from '@/lib/teams';
import { useRemoveMember } from '../api/members';
import { CardsChoice, type CardsChoiceValue } from './cards-choice';

/**
 * leaving a team: the team cards one holds stay the team's, at their address, given to the team's
 * longest-standing owner (published, or taken offline). an admin, who can see the team's people, may
 * name another admin or owner instead; a member cannot list them, so the API chooses
 */
export function LeaveTeamDialog({
  team,
  open,
  onOpenChange,
}: {
  team: TeamResponse;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('teams');
  const navigate = useNavigate();
  const { session } = useSession();
  const myId = session?.userId ?? '';
  const admin = isTeamAdmin(team.role);
  const members = useTeamMembers(team.id, admin && open);
  // an admin's list is every card: theirs are asked for by name; a member's list is their own
  const cards = useTeamCards(team.id, admin ? myId : null, open && Boolean(myId));
  const removal = useRemoveMember(team.id);
  const [choice, setChoice] = useState<CardsChoiceValue>({ cards: 'transfer', transferTo: null });
  const [failure, setFailure] = useState<string | null>(null);
  const mine = (cards.data ?? []).filter((card) => card.holder.userId === myId).length;
  const others = (members.data ?? []).filter((m) => m.userId !== myId);
  const takers = admin ? others.filter((m) => isTeamAdmin(m.role)) : null;
  // the list is oldest first: the API's own choice, the longest-standing owner, comes first
  takers?.sort((a, b) => Number(b.role === 'owner') - Number(a.role === 'owner'));
  const lastOwner =
    team.role === 'owner' && members.data !== undefined && !others.some((m) => m.role === 'owner');

  const leave = async () => {
    if (!session) return;
    setFailure(null);
    try {
      await removal.mutateAsync({
        userId: session.userId,
        cards: choice.cards,
        transferTo:
          choice.cards === 'transfer' && takers ? (choice.transferTo ?? takers[0]?.userId ?? null) : null,
      });
      toast({ title: t('leave.left', { team: team.name }), variant: 'success' });
      onOpenChange(false);
      navigate('/dashboard/teams', { replace: true });
    } catch (error) {
      setFailure(normalizeError(error).message);
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (removal.isPending) return;
        setFailure(null);
        onOpenChange(next);
      }}
    >
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('leave.title', { team: team.name })}</DialogTitle>
          <DialogDescription>{admin ? t('leave.adminText') : t('leave.memberText')}</DialogDescription>
        </DialogHeader>
        {failure ? <ErrorAlert>{failure}</ErrorAlert> : null}
        {lastOwner ? <ErrorAlert>{t('leave.lastOwner')}</ErrorAlert> : null}
        {mine > 0 ? (
          <CardsChoice value={choice} onChange={setChoice} takers={takers} count={mine} whose="your" />
        ) : null}
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={removal.isPending}>
            {t('actions.cancel')}
          </Button>
          <Button
            variant="destructive"
            onClick={() => void leave()}
            disabled={removal.isPending || lastOwner || cards.isPending}
          >
            {removal.isPending ? t('leave.pending') : t('leave.submit')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
