import { useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { UNSAFE_DataRouterContext, useBlocker } from 'react-router-dom';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';

/**
 * asks before the editor is left inside the app with unsaved edits: Back, a menu item, a link. it needs
 * the app's data router (the only one that can hold a navigation), so it is drawn only under one.
 */
export function LeaveGuard({ dirty, what = 'profile' }: { dirty: boolean; what?: 'profile' | 'template' }) {
  const inDataRouter = useContext(UNSAFE_DataRouterContext) !== null;
  return inDataRouter ? <LeaveDialog dirty={dirty} what={what} /> : null;
}

function LeaveDialog({ dirty, what }: { dirty: boolean; what: 'profile' | 'template' }) {
  const { t } = useTranslation('editor');
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  );
  return (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      onOpenChange={(open) => {
        if (!open && blocker.state === 'blocked') blocker.reset();
      }}
      title={t('leave.title')}
      description={t(`leave.${what}`)}
      pending={false}
      confirmLabel={t('leave.confirm')}
      onConfirm={() => blocker.proceed?.()}
    />
  );
}
