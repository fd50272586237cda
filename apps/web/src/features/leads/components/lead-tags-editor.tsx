import { useId, useState, type KeyboardEvent } from 'react';
import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { LeadWorkLimits, tagKey, type LeadResponse } from '@cardcraft/contracts';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/toast';
import { normalizeError } from '@/lib/api-client';
import { useUpdateLead } from '../api/update-lead';

/**
 * the lead's tags, saved on each change: type and press Enter (or a comma) to add one, the tags in use
 * offered as you type; each has a remove button, and Backspace in the empty box takes the last one
 */
export function LeadTagsEditor({
  lead,
  suggestions,
  onSaved,
}: {
  lead: LeadResponse;
  suggestions: string[];
  onSaved: (lead: LeadResponse) => void;
}) {
  const { t } = useTranslation('leads');
  const id = useId();
  const update = useUpdateLead();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const full = lead.tags.length >= LeadWorkLimits.tagsMax;

  const save = async (tags: string[], done: string) => {
    try {
      onSaved(await update.mutateAsync({ profileId: lead.profileId, leadId: lead.id, changes: { tags } }));
      toast({ title: done, variant: 'success' });
    } catch (failure) {
      toast({
        title: t('tags.failed'),
        description: normalizeError(failure).message,
        variant: 'destructive',
      });
    }
  };

  const add = () => {
    const tag = text.trim();
    if (!tag) return;
    if (tag.length > LeadWorkLimits.tagMax) {
      setError(t('tags.tooLong', { max: LeadWorkLimits.tagMax }));
      return;
    }
    setText('');
    if (lead.tags.some((existing) => tagKey(existing) === tagKey(tag))) return;
    void save([...lead.tags, tag], t('tags.added', { tag }));
  };

  const remove = (tag: string) =>
    void save(
      lead.tags.filter((existing) => existing !== tag),
      t('tags.removed', { tag }),
    );

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' || event.key === ',') {
      event.preventDefault();
      add();
    } else if (event.key === 'Backspace' && text === '' && lead.tags.length > 0) {
      event.preventDefault();
      remove(lead.tags[lead.tags.length - 1]);
    }
  };

  const offered = suggestions.filter(
    (tag) => !lead.tags.some((existing) => tagKey(existing) === tagKey(tag)),
  );
  return (
    <div className="space-y-2">
      {lead.tags.length ? (
        <ul className="flex flex-wrap gap-1.5" aria-label={t('tags.list')}>
          {lead.tags.map((tag) => (
            <li key={tag}>
              <span className="inline-flex items-center gap-0.5 rounded-full bg-muted py-0.5 pr-0.5 pl-2.5 text-xs font-medium text-slate-700">
                {tag}
                <button
                  type="button"
                  className="inline-flex size-6 items-center justify-center rounded-full hover:bg-slate-200 focus-visible:outline-2 focus-visible:outline-ring"
                  aria-label={t('tags.remove', { tag })}
                  disabled={update.isPending}
                  onClick={() => remove(tag)}
                >
                  <X className="size-3.5" aria-hidden="true" />
                </button>
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      <Input
        id={`${id}-input`}
        aria-label={t('tags.add')}
        aria-describedby={`${id}-limits`}
        aria-invalid={error ? true : undefined}
        list={`${id}-suggestions`}
        autoComplete="off"
        placeholder={full ? t('tags.full') : t('tags.placeholder')}
        disabled={full}
        maxLength={LeadWorkLimits.tagMax}
        value={text}
        onChange={(event) => {
          setText(event.target.value.replace(',', ''));
          setError(null);
        }}
        onKeyDown={onKeyDown}
      />
      <datalist id={`${id}-suggestions`}>
        {offered.map((tag) => (
          <option key={tag} value={tag} />
        ))}
      </datalist>
      <p id={`${id}-limits`} className="text-xs text-muted-foreground">
        {t('tags.limits', {
          used: lead.tags.length,
          max: LeadWorkLimits.tagsMax,
          length: LeadWorkLimits.tagMax,
        })}
      </p>
      {error ? (
        <p className="text-xs font-medium text-destructive" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
