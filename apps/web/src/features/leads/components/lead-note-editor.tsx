import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LeadWorkLimits, type LeadResponse } from '@cardcraft/contracts';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/toast';
import { normalizeError } from '@/lib/api-client';
import { useUpdateLead } from '../api/update-lead';

/**
 * the owner's private note. the draft is the panel's own: a refreshed list does not overwrite what is
 * being typed, and it is kept until saved or the panel closes
 */
export function LeadNoteEditor({
  lead,
  onSaved,
}: {
  lead: LeadResponse;
  onSaved: (lead: LeadResponse) => void;
}) {
  const { t } = useTranslation('leads');
  const id = useId();
  const update = useUpdateLead();
  const [draft, setDraft] = useState(lead.note ?? '');
  const [savedNote, setSavedNote] = useState(lead.note ?? '');
  const dirty = draft !== savedNote;
  const tooLong = draft.length > LeadWorkLimits.noteMax;

  const save = async () => {
    try {
      const saved = await update.mutateAsync({
        profileId: lead.profileId,
        leadId: lead.id,
        changes: { note: draft.trim() === '' ? null : draft },
      });
      setSavedNote(draft);
      onSaved(saved);
      toast({ title: t('note.saved'), variant: 'success' });
    } catch (error) {
      toast({
        title: t('note.failed'),
        description: normalizeError(error).message,
        variant: 'destructive',
      });
    }
  };

  return (
    <div className="space-y-2">
      <Textarea
        id={`${id}-note`}
        aria-label={t('note.label')}
        aria-describedby={`${id}-count`}
        aria-invalid={tooLong ? true : undefined}
        rows={5}
        placeholder={t('note.placeholder')}
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
      />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p
          id={`${id}-count`}
          className={tooLong ? 'text-xs font-medium text-destructive' : 'text-xs text-muted-foreground'}
        >
          {draft.length} / {LeadWorkLimits.noteMax}
          {dirty ? ` · ${t('note.unsaved')}` : ''}
        </p>
        <Button size="sm" disabled={!dirty || tooLong || update.isPending} onClick={() => void save()}>
          {update.isPending ? t('note.saving') : t('note.save')}
        </Button>
      </div>
    </div>
  );
}
