import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import type { EditorMode } from '../utils/profile-fields';

export interface SaveBarProps {
  mode: EditorMode;
  saving: boolean;
  submitError: string | null;
  hasErrors: boolean;
  /** what the button says in create mode: the template editor makes a template */
  createLabel?: string;
}

function saveLabel(t: TFunction, mode: EditorMode, saving: boolean, createLabel: string): string {
  if (saving) return mode === 'create' ? t('save.creating') : t('save.saving');
  return mode === 'create' ? createLabel : t('save.saveChanges');
}

/** the save button, and what stopped the last save */
export function SaveBar({ mode, saving, submitError, hasErrors, createLabel }: SaveBarProps) {
  const { t } = useTranslation('editor');
  return (
    // on a phone and tablet the save button is docked at the bottom of the screen, always in reach
    <div
      className={cn(
        'fixed inset-x-0 bottom-0 z-30 space-y-3 border-t border-border bg-surface/95 px-4 py-3 backdrop-blur',
        'xl:sticky xl:top-24 xl:bottom-auto xl:z-auto xl:border-0 xl:bg-transparent xl:p-0 xl:backdrop-blur-none',
      )}
    >
      {submitError ? <ErrorAlert>{submitError}</ErrorAlert> : null}
      {hasErrors && !submitError ? (
        <p className="text-sm text-destructive" role="status">
          {t('save.fixFields')}
        </p>
      ) : null}
      <Button type="submit" size="lg" className="w-full" disabled={saving}>
        {saveLabel(t, mode, saving, createLabel ?? t('save.create'))}
      </Button>
    </div>
  );
}
