import { useTranslation } from 'react-i18next';
import type { ProfileResponse } from '@cardcraft/contracts';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toast } from '@/components/ui/toast';
import { normalizeError } from '@/lib/api-client';
import { useDeleteProfile } from '../api/delete-profile';

export interface DeleteProfileDialogProps {
  profile: ProfileResponse | null;
  onOpenChange: (open: boolean) => void;
  returnFocusTo?: HTMLElement | null;
}

export function DeleteProfileDialog({ profile, onOpenChange, returnFocusTo }: DeleteProfileDialogProps) {
  const { t } = useTranslation('profiles');
  const deletion = useDeleteProfile();

  const onDelete = async () => {
    if (!profile) return;
    try {
      await deletion.mutateAsync(profile.id);
      toast({
        title: t('toasts.deleted'),
        description: t('toasts.deletedText', { name: profile.displayName }),
        variant: 'success',
      });
      onOpenChange(false);
    } catch (error) {
      toast({
        title: t('toasts.deleteFailed'),
        description: normalizeError(error).message,
        variant: 'destructive',
      });
    }
  };

  return (
    <ConfirmDialog
      open={profile !== null}
      onOpenChange={onOpenChange}
      title={t('delete.title')}
      description={t('delete.description', { name: profile?.displayName ?? '' })}
      pending={deletion.isPending}
      onConfirm={onDelete}
      returnFocusTo={returnFocusTo}
    />
  );
}
