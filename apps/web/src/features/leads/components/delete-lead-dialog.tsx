import type { LeadResponse } from '@cardcraft/contracts';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toast } from '@/components/ui/toast';
import { normalizeError } from '@/lib/api-client';
import { useDeleteLead } from '../api/delete-lead';

export function DeleteLeadDialog({
  lead,
  onOpenChange,
  onDeleted,
}: {
  lead: LeadResponse | null;
  onOpenChange: (open: boolean) => void;
  onDeleted?: (lead: LeadResponse) => void;
}) {
  const deletion = useDeleteLead();
  const onDelete = async () => {
    if (!lead) return;
    try {
      await deletion.mutateAsync({ profileId: lead.profileId, leadId: lead.id });
      toast({
        title: 'Lead deleted',
        description: `The message from ${lead.email} has been deleted.`,
        variant: 'success',
      });
      onDeleted?.(lead);
      onOpenChange(false);
    } catch (error) {
      toast({
        title: 'Failed to delete the lead',
        description: normalizeError(error).message,
        variant: 'destructive',
      });
    }
  };
  return (
    <ConfirmDialog
      open={lead !== null}
      onOpenChange={onOpenChange}
      title="Delete this lead?"
      description={`The message from ${lead?.email ?? ''}, its tags and note will be permanently deleted. This action cannot be undone.`}
      pending={deletion.isPending}
      onConfirm={onDelete}
    />
  );
}
