import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LeadWorkLimits } from '@cardcraft/contracts';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

export type BulkTagMode = 'addTags' | 'removeTags';

/** one tag to add to (or take from) the selected leads, typed or picked from the tags in use */
export function BulkTagDialog({
  mode,
  pending,
  onOpenChange,
  ...form
}: {
  /** null while closed */
  mode: BulkTagMode | null;
  count: number;
  suggestions: string[];
  pending: boolean;
  onOpenChange: (open: boolean) => void;
  onSubmit: (tag: string) => void;
}) {
  return (
    <Dialog open={mode !== null} onOpenChange={(open) => !pending && onOpenChange(open)}>
      <DialogContent>
        {/* made anew each time the dialog opens, so it starts empty */}
        {mode ? (
          <BulkTagForm mode={mode} pending={pending} onCancel={() => onOpenChange(false)} {...form} />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function BulkTagForm({
  mode,
  count,
  suggestions,
  pending,
  onCancel,
  onSubmit,
}: {
  mode: BulkTagMode;
  count: number;
  suggestions: string[];
  pending: boolean;
  onCancel: () => void;
  onSubmit: (tag: string) => void;
}) {
  const { t } = useTranslation('leads');
  const id = useId();
  const [tag, setTag] = useState('');
  const [error, setError] = useState<string | null>(null);
  const adding = mode === 'addTags';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = tag.trim();
    if (!value || value.length > LeadWorkLimits.tagMax) {
      setError(t('bulkTag.invalid', { max: LeadWorkLimits.tagMax }));
      return;
    }
    onSubmit(value);
  };

  return (
    <form onSubmit={submit} className="grid gap-4" noValidate>
      <DialogHeader>
        <DialogTitle>
          {adding ? t('bulkTag.addTitle', { count }) : t('bulkTag.removeTitle', { count })}
        </DialogTitle>
        <DialogDescription>
          {adding ? t('bulkTag.addText', { max: LeadWorkLimits.tagsMax }) : t('bulkTag.removeText')}
        </DialogDescription>
      </DialogHeader>
      <div className="space-y-1.5">
        <Label htmlFor={`${id}-tag`}>{t('bulkTag.tag')}</Label>
        <Input
          id={`${id}-tag`}
          list={`${id}-suggestions`}
          autoComplete="off"
          maxLength={LeadWorkLimits.tagMax}
          value={tag}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => {
            setTag(event.target.value);
            setError(null);
          }}
        />
        <datalist id={`${id}-suggestions`}>
          {suggestions.map((suggestion) => (
            <option key={suggestion} value={suggestion} />
          ))}
        </datalist>
        {error ? (
          <p id={`${id}-error`} className="text-xs font-medium text-destructive" role="alert">
            {error}
          </p>
        ) : null}
      </div>
      <DialogFooter>
        <Button variant="outline" disabled={pending} onClick={onCancel}>
          {t('actions.cancel')}
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? t('actions.saving') : adding ? t('bulk.addTag') : t('bulk.removeTag')}
        </Button>
      </DialogFooter>
    </form>
  );
}
