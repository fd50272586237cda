import { useState } from 'react';
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
      toast({ title: `@${moved.handle} now belongs to ${moved.holder.displayName}`, variant: 'success' });
      close(false);
    } catch (error) {
      setFailure(normalizeError(error).message);
    }
  };

  return (
    <Dialog open={card !== null} onOpenChange={close}>
      <DialogContent onCloseAutoFocus={(event) => returnFocus(event, returnFocusTo)}>
        <DialogHeader>
          <DialogTitle>Give @{card?.handle} to someone else</DialogTitle>
          <DialogDescription>
            {card?.holder.displayName} holds it now. Its address, messages and visits stay with the card.
          </DialogDescription>
        </DialogHeader>
        {failure ? <ErrorAlert>{failure}</ErrorAlert> : null}
        <MemberField label="New holder" value={holderId} onChange={setHolderId} members={others} />
        <DialogFooter>
          <Button variant="outline" onClick={() => close(false)} disabled={assign.isPending}>
            Cancel
          </Button>
          <Button onClick={() => void save()} disabled={assign.isPending || !holderId}>
            {assign.isPending ? 'Saving...' : 'Give the card'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
