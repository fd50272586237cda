import type { ProfileResponse } from '@cardcraft/contracts';
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
import { useDeleteProfile } from '../api/delete-profile';

export interface DeleteProfileDialogProps {
  profile: ProfileResponse | null;
  onOpenChange: (open: boolean) => void;
}

export function DeleteProfileDialog({ profile, onOpenChange }: DeleteProfileDialogProps) {
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
    <AlertDialog
      open={profile !== null}
      onOpenChange={(open) => {
        if (!deletion.isPending) onOpenChange(open);
      }}
    >
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Are you sure?</AlertDialogTitle>
          <AlertDialogDescription>
            {`This will permanently delete "${profile?.displayName ?? ''}" and all its data. This action cannot be undone.`}
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
