import { useContext } from 'react';
import { UNSAFE_DataRouterContext, useBlocker } from 'react-router-dom';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';

/**
 * asks before the editor is left inside the app with unsaved edits: Back, a menu item, a link. it needs
 * the app's data router (the only one that can hold a navigation), so it is drawn only under one.
 */
export function LeaveGuard({ dirty, what = 'profile' }: { dirty: boolean; what?: string }) {
  const inDataRouter = useContext(UNSAFE_DataRouterContext) !== null;
  return inDataRouter ? <LeaveDialog dirty={dirty} what={what} /> : null;
}

function LeaveDialog({ dirty, what }: { dirty: boolean; what: string }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  );
  return (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      onOpenChange={(open) => {
        if (!open && blocker.state === 'blocked') blocker.reset();
      }}
      title="Leave without saving?"
      description={`Your changes to this ${what} are not saved yet. If you leave now, they are lost.`}
      pending={false}
      confirmLabel="Leave"
      onConfirm={() => blocker.proceed?.()}
    />
  );
}
