import { useState } from 'react';
import type { TFunction } from 'i18next';
import { Tag, Tags, Trash2, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { LEAD_STATUSES, type BulkLeadsResponse, type LeadStatus } from '@cardcraft/contracts';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { toast } from '@/components/ui/toast';
import { normalizeError } from '@/lib/api-client';
import { useBulkLeads, type BulkLeadsRequest } from '../api/bulk-leads';
import type { ListedLead } from '../api/get-leads';
import type { LeadScope } from '../api/lead-scope';
import { BulkTagDialog, type BulkTagMode } from './bulk-tag-dialog';
import { leadName } from './lead-name';

/**
 * the toast of a bulk change: how many changed, and which were refused or gone, by name where the page
 * has them. a refusal's reason is the server's, as it came
 */
export function bulkOutcome(
  t: TFunction<'leads'>,
  answer: BulkLeadsResponse,
  asked: number,
  known: ListedLead[],
) {
  const named = (id: string) => {
    const lead = known.find((item) => item.id === id);
    return lead ? leadName(lead) : id;
  };
  const refused = answer.results.filter((result) => result.outcome === 'refused');
  const missing = answer.results.filter((result) => result.outcome === 'notFound');
  const refusal = (result: BulkLeadsResponse['results'][number]) =>
    t('bulk.refusedLead', { name: named(result.id), reason: result.error ?? t('bulk.refusedReason') });
  const notes = [
    ...(refused.length ? [t('bulk.refused', { leads: refused.map(refusal).join(', ') })] : []),
    ...(missing.length
      ? [t('bulk.notFound', { leads: missing.map((result) => named(result.id)).join(', ') })]
      : []),
  ];
  return {
    title: t('bulk.changed', { changed: answer.changed, count: asked }),
    description: notes.length ? notes.join(' ') : undefined,
    variant: refused.length || missing.length ? ('default' as const) : ('success' as const),
  };
}

/** what can be done to the selected leads at once; on a phone it stays at the bottom of the screen */
export function BulkBar({
  scope,
  selected,
  items,
  tags,
  onClear,
}: {
  scope: LeadScope;
  selected: string[];
  /** the page's leads, to name the refused ones and offer their tags for removal */
  items: ListedLead[];
  tags: string[];
  onClear: () => void;
}) {
  const { t } = useTranslation('leads');
  const bulk = useBulkLeads(scope);
  const [tagMode, setTagMode] = useState<BulkTagMode | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);

  const run = async (request: Omit<BulkLeadsRequest, 'leadIds'>) => {
    try {
      const answer = await bulk.mutateAsync({ ...request, leadIds: selected });
      toast(bulkOutcome(t, answer, selected.length, items));
      setTagMode(null);
      setConfirmDelete(false);
      if (request.action === 'delete') onClear();
    } catch (error) {
      toast({
        title: t('bulk.failed'),
        description: normalizeError(error).message,
        variant: 'destructive',
      });
    }
  };

  const selectedTags = [
    ...new Set(items.filter((lead) => selected.includes(lead.id)).flatMap((lead) => lead.tags)),
  ].sort();

  return (
    <div
      role="region"
      aria-label={t('bulk.region')}
      className="sticky bottom-0 z-30 -mx-4 mt-4 border-t border-border bg-surface/95 px-4 py-3 shadow-[0_-4px_12px_rgb(15_23_42/0.08)] backdrop-blur sm:mx-0 sm:bottom-4 sm:rounded-(--radius-card) sm:border"
    >
      <div className="flex flex-col gap-2 md:flex-row md:items-center">
        <div className="flex items-center justify-between gap-2">
          <p className="text-sm font-medium" aria-live="polite">
            {t('bulk.selected', { count: selected.length })}
          </p>
          <Button variant="ghost" size="sm" onClick={onClear}>
            <X aria-hidden="true" />
            {t('bulk.clear')}
          </Button>
        </div>
        <div className="grid grid-cols-2 gap-2 md:flex md:flex-wrap md:items-center">
          <Select
            value=""
            disabled={bulk.isPending}
            onValueChange={(status) => void run({ action: 'status', status: status as LeadStatus })}
          >
            <SelectTrigger aria-label={t('bulk.setStatus')} className="h-9 md:w-36">
              <SelectValue placeholder={t('bulk.setStatus')} />
            </SelectTrigger>
            <SelectContent>
              {LEAD_STATUSES.map((status) => (
                <SelectItem key={status} value={status}>
                  {t(`statuses.${status}`)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          <Button variant="outline" size="sm" disabled={bulk.isPending} onClick={() => setTagMode('addTags')}>
            <Tag aria-hidden="true" />
            {t('bulk.addTag')}
          </Button>
          <Button
            variant="outline"
            size="sm"
            disabled={bulk.isPending}
            onClick={() => setTagMode('removeTags')}
          >
            <Tags aria-hidden="true" />
            {t('bulk.removeTag')}
          </Button>
          <Button
            variant="outline"
            size="sm"
            className="text-destructive hover:bg-destructive-soft"
            disabled={bulk.isPending}
            onClick={() => setConfirmDelete(true)}
          >
            <Trash2 aria-hidden="true" />
            {t('actions.delete')}
          </Button>
        </div>
      </div>
      <BulkTagDialog
        mode={tagMode}
        count={selected.length}
        suggestions={tagMode === 'removeTags' ? selectedTags : tags}
        pending={bulk.isPending}
        onOpenChange={(open) => {
          if (!open) setTagMode(null);
        }}
        onSubmit={(tag) => void run({ action: tagMode ?? 'addTags', tags: [tag] })}
      />
      <ConfirmDialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title={t('bulk.deleteTitle', { count: selected.length })}
        description={t('bulk.deleteText')}
        pending={bulk.isPending}
        onConfirm={() => void run({ action: 'delete' })}
        confirmLabel={t('actions.delete')}
        pendingLabel={t('actions.deleting')}
      />
    </div>
  );
}
