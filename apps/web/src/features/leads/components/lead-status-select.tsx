import { useTranslation } from 'react-i18next';
import { LEAD_STATUSES, type LeadResponse, type LeadStatus } from '@cardcraft/contracts';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { toast } from '@/components/ui/toast';
import { normalizeError } from '@/lib/api-client';
import { cn } from '@/lib/utils';
import { useUpdateLead } from '../api/update-lead';
import { leadName } from './lead-name';

/** a coloured dot a status, so a column of them reads at a glance */
const STATUS_DOT: Record<LeadStatus, string> = {
  new: 'bg-primary',
  contacted: 'bg-amber-500',
  qualified: 'bg-violet-500',
  won: 'bg-emerald-600',
  lost: 'bg-slate-400',
};

export function StatusDot({ status }: { status: LeadStatus }) {
  return <span aria-hidden="true" className={cn('size-2 shrink-0 rounded-full', STATUS_DOT[status])} />;
}

/** the lead's status, saved as soon as another is picked; the list goes back when the change is refused */
export function LeadStatusSelect({
  lead,
  id,
  className,
  onSaved,
}: {
  lead: LeadResponse;
  id?: string;
  className?: string;
  onSaved?: (lead: LeadResponse) => void;
}) {
  const { t } = useTranslation('leads');
  const update = useUpdateLead();
  const change = async (status: LeadStatus) => {
    if (status === lead.status) return;
    try {
      const saved = await update.mutateAsync({
        profileId: lead.profileId,
        leadId: lead.id,
        changes: { status },
      });
      onSaved?.(saved);
      toast({
        title: t('status.saved'),
        description: t('status.savedText', { name: leadName(lead), status: t(`statuses.${status}`) }),
        variant: 'success',
      });
    } catch (error) {
      toast({
        title: t('status.failed'),
        description: normalizeError(error).message,
        variant: 'destructive',
      });
    }
  };
  return (
    <Select value={lead.status} onValueChange={(value) => void change(value as LeadStatus)}>
      <SelectTrigger
        id={id}
        aria-label={id ? undefined : t('status.of', { name: leadName(lead) })}
        className={cn('h-9 w-36', className)}
      >
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {LEAD_STATUSES.map((status) => (
          <SelectItem key={status} value={status}>
            <span className="flex items-center gap-2">
              <StatusDot status={status} />
              {t(`statuses.${status}`)}
            </span>
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
