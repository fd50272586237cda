import { useId, useState } from 'react';
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
      toast({ title: 'Note saved', variant: 'success' });
    } catch (error) {
      toast({
        title: 'Failed to save the note',
        description: normalizeError(error).message,
        variant: 'destructive',
      });
    }
  };

  return (
    <div className="space-y-2">
      <Textarea
        id={`${id}-note`}
        aria-label="Private note"
        aria-describedby={`${id}-count`}
        aria-invalid={tooLong ? true : undefined}
        rows={5}
        placeholder="Private: the visitor never sees it"
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
      />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p
          id={`${id}-count`}
          className={tooLong ? 'text-xs font-medium text-destructive' : 'text-xs text-muted-foreground'}
        >
          {draft.length} / {LeadWorkLimits.noteMax}
          {dirty ? ' · Unsaved changes' : ''}
        </p>
        <Button size="sm" disabled={!dirty || tooLong || update.isPending} onClick={() => void save()}>
          {update.isPending ? 'Saving...' : 'Save note'}
        </Button>
      </div>
    </div>
  );
}
