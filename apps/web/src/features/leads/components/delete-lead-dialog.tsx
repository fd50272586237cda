import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation('leads');
  const deletion = useDeleteLead();
  const onDelete = async () => {
    if (!lead) return;
    try {
      await deletion.mutateAsync({ profileId: lead.profileId, leadId: lead.id });
      toast({
        title: t('delete.done'),
        description: t('delete.doneText', { email: lead.email }),
        variant: 'success',
      });
      onDeleted?.(lead);
      onOpenChange(false);
    } catch (error) {
      toast({
        title: t('delete.failed'),
        description: normalizeError(error).message,
        variant: 'destructive',
      });
    }
  };
  return (
    <ConfirmDialog
      open={lead !== null}
      onOpenChange={onOpenChange}
      title={t('delete.title')}
      description={t('delete.text', { email: lead?.email ?? '' })}
      pending={deletion.isPending}
      onConfirm={onDelete}
      confirmLabel={t('actions.delete')}
      pendingLabel={t('actions.deleting')}
    />
  );
}
