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
  const deletion = useDeleteProfile();

  const onDelete = async () => {
    if (!profile) return;
    try {
      await deletion.mutateAsync(profile.id);
      toast({
        title: 'Profile deleted',
        description: `"${profile.displayName}" has been permanently deleted.`,
        variant: 'success',
      });
      onOpenChange(false);
    } catch (error) {
      toast({
        title: 'Failed to delete profile',
        description: normalizeError(error).message,
        variant: 'destructive',
      });
    }
  };

  return (
    <ConfirmDialog
      open={profile !== null}
      onOpenChange={onOpenChange}
      title="Are you sure?"
      description={`This will permanently delete "${profile?.displayName ?? ''}" and all its data. This action cannot be undone.`}
      pending={deletion.isPending}
      onConfirm={onDelete}
      returnFocusTo={returnFocusTo}
    />
  );
}
