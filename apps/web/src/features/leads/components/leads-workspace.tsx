import { useState, type ReactNode } from 'react';
import { Download, Inbox, SearchX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { LeadResponse } from '@cardcraft/contracts';
import { leadVCardFileName } from '@cardcraft/contracts/lead-vcard';
import { ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toast';
import { normalizeError, saveBlob } from '@/lib/api-client';
import { useExportLeads } from '../api/export-leads';
import { useLeadTags } from '../api/get-lead-tags';
import { LEADS_PAGE_SIZE, useLeads, type LeadListQuery, type ListedLead } from '../api/get-leads';
import type { LeadScope } from '../api/lead-scope';
import { useLeadVCard } from '../api/lead-vcard';
import { useLeadFilters } from '../hooks/use-lead-filters';
import { BulkBar } from './bulk-bar';
import { DeleteLeadDialog } from './delete-lead-dialog';
import { LeadDetailPanel } from './lead-detail-panel';
import { LeadsFilterBar, type FilterOption } from './leads-filter-bar';
import { LeadsTable } from './leads-table';

export interface CardChoice extends FilterOption {
  profileId: string;
}

export interface LeadsWorkspaceProps {
  scope: LeadScope;
  /** the cards to narrow to (value: the handle); null while they load */
  cards: CardChoice[] | null;
  /** a team admin's inbox: its members; null where there is no such filter */
  members: FilterOption[] | null;
  /** the page's heading, with the export button to place among its actions */
  header: (exportButton: ReactNode) => ReactNode;
  /** the CSV's file name for the filters as they are */
  exportFileName: (query: LeadListQuery) => string;
  caption: string;
  /** what the screen says while no lead has come yet */
  noLeads: { description: string; action?: ReactNode };
  showHolder: boolean;
}

/** the Leads screen's work area, the account's and a team's: filters, the table, the bulk bar and the panel */
export function LeadsWorkspace({
  scope,
  cards,
  members,
  header,
  exportFileName,
  caption,
  noLeads,
  showHolder,
}: LeadsWorkspaceProps) {
  const { t } = useTranslation('leads');
  const { filters, update, setPage, clear, narrowed } = useLeadFilters();
  const picked = filters.card ? cards?.find((card) => card.value === filters.card) : undefined;
  const query: LeadListQuery = {
    profileId: picked?.profileId ?? null,
    memberId: filters.member,
    status: filters.status,
    tag: filters.tag,
    from: filters.from,
    to: filters.to,
    q: filters.q || null,
    sort: filters.sort,
    page: filters.page,
  };
  // a card named in the address waits for the cards, so the first answer is already the narrowed one
  const leads = useLeads(scope, query, !filters.card || cards !== null);
  const tags = useLeadTags(scope);
  const exporter = useExportLeads(scope);
  const vcard = useLeadVCard();

  // the selection belongs to the view it was made on: another page or filter starts a new one
  const viewKey = JSON.stringify(query);
  const [selection, setSelection] = useState<{ view: string; ids: string[] }>({ view: viewKey, ids: [] });
  const selected = selection.view === viewKey ? selection.ids : [];
  const select = (ids: string[]) => setSelection({ view: viewKey, ids });

  const items = leads.data?.items ?? [];
  const total = leads.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / LEADS_PAGE_SIZE));

  const [opened, setOpen] = useState<ListedLead | null>(null);
  const [toDelete, setToDelete] = useState<LeadResponse | null>(null);
  // the panel shows the list's copy of its lead (a status changed in the table shows there too); its
  // own copy once a change took the lead off the page
  const open = opened ? (items.find((lead) => lead.id === opened.id) ?? opened) : null;

  const exportCsv = async () => {
    const fileName = exportFileName(query);
    try {
      saveBlob(await exporter.mutateAsync(query), fileName);
      toast({
        title: t('workspace.exported'),
        description: t('workspace.savedFile', { fileName }),
        variant: 'success',
      });
    } catch (error) {
      toast({
        title: t('workspace.exportFailed'),
        description: normalizeError(error).message,
        variant: 'destructive',
      });
    }
  };

  const saveContact = async (lead: ListedLead) => {
    const fileName = leadVCardFileName(lead);
    try {
      saveBlob(await vcard.mutateAsync({ profileId: lead.profileId, leadId: lead.id }), fileName);
      toast({
        title: t('workspace.vcardDownloaded'),
        description: t('workspace.savedFile', { fileName }),
        variant: 'success',
      });
    } catch (error) {
      toast({
        title: t('workspace.vcardFailed'),
        description: normalizeError(error).message,
        variant: 'destructive',
      });
    }
  };

  const exportButton = (
    <Button variant="outline" disabled={exporter.isPending || total === 0} onClick={() => void exportCsv()}>
      <Download aria-hidden="true" />
      {exporter.isPending ? t('workspace.exporting') : t('workspace.export')}
    </Button>
  );

  let body: ReactNode;
  if (leads.isPending) {
    body = (
      <div className="space-y-3" aria-busy="true" aria-label={t('workspace.loading')}>
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} className="h-20 rounded-(--radius-card)" />
        ))}
      </div>
    );
  } else if (leads.isError) {
    body = (
      <ErrorAlert>
        <p>{t('workspace.loadFailed', { message: normalizeError(leads.error).message })}</p>
        <Button variant="outline" size="sm" className="mt-2" onClick={() => void leads.refetch()}>
          {t('workspace.tryAgain')}
        </Button>
      </ErrorAlert>
    );
  } else if (items.length === 0 && narrowed) {
    body = (
      <EmptyState
        icon={SearchX}
        title={t('workspace.noMatchTitle')}
        description={t('workspace.noMatchText')}
        action={
          <Button variant="outline" onClick={clear}>
            {t('filters.clear')}
          </Button>
        }
      />
    );
  } else if (items.length === 0) {
    body = (
      <EmptyState
        icon={Inbox}
        title={t('workspace.noLeadsTitle')}
        description={noLeads.description}
        action={noLeads.action}
      />
    );
  } else {
    body = (
      <LeadsTable
        items={items}
        caption={caption}
        selected={new Set(selected)}
        onSelect={(id, on) => select(on ? [...selected, id] : selected.filter((other) => other !== id))}
        onSelectPage={(on) => select(on ? items.map((lead) => lead.id) : [])}
        page={filters.page}
        pages={pages}
        total={total}
        onPage={setPage}
        onOpen={setOpen}
        onSaveContact={(lead) => void saveContact(lead)}
        savingContact={vcard.isPending}
        showHolder={showHolder}
      />
    );
  }

  return (
    <>
      {header(exportButton)}
      <LeadsFilterBar
        filters={filters}
        update={update}
        clear={clear}
        narrowed={narrowed}
        cards={cards ?? []}
        members={members}
        tags={tags.data ?? []}
      />
      {body}
      {selected.length > 0 ? (
        <BulkBar
          scope={scope}
          selected={selected}
          items={items}
          tags={tags.data ?? []}
          onClear={() => select([])}
        />
      ) : null}
      <LeadDetailPanel
        lead={open}
        tags={tags.data ?? []}
        onOpenChange={(next) => {
          if (!next) setOpen(null);
        }}
        onSaved={(saved) =>
          setOpen((current) => (current?.id === saved.id ? { ...current, ...saved } : current))
        }
        onSaveContact={(lead) => void saveContact(lead)}
        savingContact={vcard.isPending}
        onDelete={setToDelete}
      />
      <DeleteLeadDialog
        lead={toDelete}
        onOpenChange={(next) => {
          if (!next) setToDelete(null);
        }}
        onDeleted={(lead) => {
          setOpen((current) => (current?.id === lead.id ? null : current));
          select(selected.filter((id) => id !== lead.id));
        }}
      />
    </>
  );
}
