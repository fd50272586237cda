import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from './alert-dialog';
import { Button } from './button';
import { returnFocus } from './dialog';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  /** while true the dialog stays open and its buttons are disabled */
  pending: boolean;
  onConfirm: () => void;
  confirmLabel?: string;
  pendingLabel?: string;
  /** where focus goes when the dialog closes, when the control that opened it is gone (a menu item) */
  returnFocusTo?: HTMLElement | null;
}

/** the one confirmation for destructive actions: Cancel, and a destructive button that shows progress */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  pending,
  onConfirm,
  confirmLabel,
  pendingLabel,
  returnFocusTo,
}: ConfirmDialogProps) {
  const { t } = useTranslation('common');
  return (
    <AlertDialog
      open={open}
      onOpenChange={(next) => {
        if (!pending) onOpenChange(next);
      }}
    >
      <AlertDialogContent onCloseAutoFocus={(event) => returnFocus(event, returnFocusTo)}>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={pending}>{t('actions.cancel')}</AlertDialogCancel>
          <Button variant="destructive" onClick={onConfirm} disabled={pending}>
            {pending ? (pendingLabel ?? t('actions.deleting')) : (confirmLabel ?? t('actions.delete'))}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
