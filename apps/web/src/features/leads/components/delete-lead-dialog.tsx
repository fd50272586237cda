import type { LeadResponse } from '@cardcraft/contracts';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { normalizeError } from '@/lib/api-client';
import { useDeleteLead } from '../api/delete-lead';

export function DeleteLeadDialog({
  lead,
  onOpenChange,
}: {
  lead: LeadResponse | null;
  onOpenChange: (open: boolean) => void;
}) {
  const deletion = useDeleteLead();
  const onDelete = async () => {
    if (!lead) return;
    try {
      await deletion.mutateAsync({ profileId: lead.profileId, leadId: lead.id });
      toast({
        title: 'Message deleted',
        description: `The message from ${lead.email} has been deleted.`,
        variant: 'success',
      });
      onOpenChange(false);
    } catch (error) {
      toast({
        title: 'Failed to delete message',
        description: normalizeError(error).message,
        variant: 'destructive',
      });
    }
  };
  return (
    <AlertDialog
      open={lead !== null}
      onOpenChange={(open) => {
        if (!deletion.isPending) onOpenChange(open);
      }}
    >
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Delete this message?</AlertDialogTitle>
          <AlertDialogDescription>
            {`The message from ${lead?.email ?? ''} will be permanently deleted. This action cannot be undone.`}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={deletion.isPending}>Cancel</AlertDialogCancel>
          <Button variant="destructive" onClick={onDelete} disabled={deletion.isPending}>
            {deletion.isPending ? 'Deleting...' : 'Delete'}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
