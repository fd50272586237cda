import { ContactRound, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { LeadResponse } from '@cardcraft/contracts';
import { Button } from '@/components/ui/button';
import {
  Sheet,
  SheetBody,
  SheetContent,
  SheetDescription,
  SheetFooter,
  SheetHeader,
  SheetTitle,
} from '@/components/ui/sheet';
import type { ListedLead } from '../api/get-leads';
import { LEAD_DETAIL_SECTIONS, type LeadDetailSection } from './lead-detail-sections';
import { leadName } from './lead-name';

/** one lead in full, beside the list: its sections, then Download vCard and Delete */
export function LeadDetailPanel({
  lead,
  tags,
  onOpenChange,
  onSaved,
  onSaveContact,
  savingContact,
  onDelete,
  sections = LEAD_DETAIL_SECTIONS,
}: {
  /** null while closed */
  lead: ListedLead | null;
  tags: string[];
  onOpenChange: (open: boolean) => void;
  onSaved: (lead: LeadResponse) => void;
  onSaveContact: (lead: ListedLead) => void;
  savingContact: boolean;
  onDelete: (lead: ListedLead) => void;
  sections?: LeadDetailSection[];
}) {
  const { t } = useTranslation('leads');
  return (
    <Sheet open={lead !== null} onOpenChange={onOpenChange}>
      <SheetContent aria-describedby={undefined}>
        {lead ? (
          // keyed by the lead, so a draft note belongs to the lead it was typed for
          <div key={lead.id} className="flex min-h-0 flex-1 flex-col">
            <SheetHeader>
              <SheetTitle>{leadName(lead)}</SheetTitle>
              <SheetDescription>
                {lead.name ? `${lead.email} · ` : ''}
                {t('detail.onCard', { handle: lead.cardHandle })}
              </SheetDescription>
            </SheetHeader>
            <SheetBody className="divide-y divide-border p-0">
              {sections
                .filter((section) => section.shows?.(lead) ?? true)
                .map(({ id, title, Section }) => (
                  <section key={id} aria-labelledby={`lead-section-${id}`} className="space-y-2 px-5 py-4">
                    <h3 id={`lead-section-${id}`} className="text-sm font-semibold">
                      {title(t)}
                    </h3>
                    <Section lead={lead} tags={tags} onSaved={onSaved} />
                  </section>
                ))}
            </SheetBody>
            <SheetFooter>
              <Button variant="outline" disabled={savingContact} onClick={() => onSaveContact(lead)}>
                <ContactRound aria-hidden="true" />
                {t('detail.downloadVcard')}
              </Button>
              <Button
                variant="outline"
                className="ml-auto text-destructive hover:bg-destructive-soft"
                onClick={() => onDelete(lead)}
              >
                <Trash2 aria-hidden="true" />
                {t('actions.delete')}
              </Button>
            </SheetFooter>
          </div>
        ) : null}
      </SheetContent>
    </Sheet>
  );
}
