import { useState } from 'react';
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
import { useTeamMembers } from '@/lib/teams';
import { useRemoveMember } from '../api/members';
import { CardsChoice, type CardsChoiceValue } from './cards-choice';

/**
 * leaving a team: an admin chooses who takes their team cards, or leaves them unpublished with the
 * team; a member's stay with the team, unpublished, for an admin to give to someone
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
  const navigate = useNavigate();
  const { session } = useSession();
  const admin = isTeamAdmin(team.role);
  const members = useTeamMembers(team.id, admin && open);
  const removal = useRemoveMember(team.id);
  const [choice, setChoice] = useState<CardsChoiceValue>({ cards: 'unpublish', transferTo: null });
  const [failure, setFailure] = useState<string | null>(null);
  const me = members.data?.find((m) => m.userId === session?.userId);
  const takers = (members.data ?? []).filter((m) => isTeamAdmin(m.role) && m.userId !== session?.userId);

  const leave = async () => {
    if (!session) return;
    setFailure(null);
    try {
      await removal.mutateAsync({
        userId: session.userId,
        cards: choice.cards,
        transferTo: choice.cards === 'transfer' ? (choice.transferTo ?? takers[0]?.userId ?? null) : null,
      });
      toast({ title: `You left ${team.name}`, variant: 'success' });
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
          <DialogTitle>Leave {team.name}?</DialogTitle>
          <DialogDescription>
            {admin
              ? 'You will no longer see its people, cards, leads or analytics.'
              : 'Your team cards stay with the team, unpublished, until an admin gives them to someone.'}
          </DialogDescription>
        </DialogHeader>
        {failure ? <ErrorAlert>{failure}</ErrorAlert> : null}
        {admin && me && me.cardCount > 0 ? (
          <CardsChoice
            value={choice}
            onChange={setChoice}
            takers={takers}
            count={me.cardCount}
            whose="Your"
          />
        ) : null}
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={removal.isPending}>
            Cancel
          </Button>
          <Button variant="destructive" onClick={() => void leave()} disabled={removal.isPending}>
            {removal.isPending ? 'Leaving...' : 'Leave team'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
