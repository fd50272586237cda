import { ContactRound, PanelRightOpen } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Pager } from '@/components/ui/pager';
import { Card } from '@/components/ui/card';
import { ListTableHead } from '@/components/ui/list-table-head';
import type { ListedLead } from '../api/get-leads';
import { FollowUpReasons } from './follow-up-reasons';
import { leadName } from './lead-name';
import { LeadStatusSelect } from './lead-status-select';
import { useLeadDateFormat } from './use-lead-date-format';

const checkboxClass = 'size-4 shrink-0 cursor-pointer accent-primary';

export interface LeadsTableProps {
  items: ListedLead[];
  /** what the table holds, for screen readers */
  caption: string;
  selected: ReadonlySet<string>;
  onSelect: (leadId: string, selected: boolean) => void;
  onSelectPage: (selected: boolean) => void;
  page: number;
  pages: number;
  total: number;
  onPage: (page: number) => void;
  onOpen: (lead: ListedLead) => void;
  onSaveContact: (lead: ListedLead) => void;
  savingContact: boolean;
  /** a team admin's inbox: each card's holder under it */
  showHolder: boolean;
}

/** a page of leads: a table on a wide screen, a card a lead on a phone */
export function LeadsTable({
  items,
  caption,
  selected,
  onSelect,
  onSelectPage,
  page,
  pages,
  total,
  onPage,
  onOpen,
  onSaveContact,
  savingContact,
  showHolder,
}: LeadsTableProps) {
  const { t } = useTranslation('leads');
  const dateFormat = useLeadDateFormat();
  const selectedOnPage = items.filter((lead) => selected.has(lead.id)).length;
  return (
    <Card className="overflow-hidden">
      <div className="flex items-center justify-between gap-3 border-b border-border px-4 py-2.5 text-sm md:px-5">
        <label className="flex min-h-9 cursor-pointer items-center gap-2.5 font-medium">
          <input
            type="checkbox"
            className={checkboxClass}
            checked={selectedOnPage > 0 && selectedOnPage === items.length}
            ref={(box) => {
              if (box) box.indeterminate = selectedOnPage > 0 && selectedOnPage < items.length;
            }}
            onChange={(event) => onSelectPage(event.target.checked)}
          />
          {t('table.selectPage')}
        </label>
        <span className="text-muted-foreground">{t('table.total', { count: total })}</span>
      </div>
      <table className="w-full text-left text-sm">
        <ListTableHead
          caption={caption}
          columns={[
            t('table.columns.select'),
            t('table.columns.contact'),
            t('table.columns.received'),
            t('table.columns.status'),
            t('table.columns.tags'),
          ]}
        />
        <tbody className="divide-y divide-border">
          {items.map((lead) => {
            const name = leadName(lead);
            return (
              <tr
                key={lead.id}
                data-testid="lead-row"
                className="grid grid-cols-[auto_minmax(0,1fr)_auto] gap-x-3 gap-y-2 p-4 data-[selected=true]:bg-primary-soft/40 md:table-row md:p-0"
                data-selected={selected.has(lead.id)}
              >
                <td className="row-span-2 pt-0.5 md:py-4 md:pr-0 md:pl-5 md:align-top">
                  <input
                    type="checkbox"
                    className={checkboxClass}
                    aria-label={t('table.select', { name })}
                    checked={selected.has(lead.id)}
                    onChange={(event) => onSelect(lead.id, event.target.checked)}
                  />
                </td>
                <td className="min-w-0 md:max-w-64 md:px-3 md:py-4 md:align-top">
                  <button
                    type="button"
                    className="block max-w-full truncate rounded-sm text-left font-medium text-foreground hover:text-primary hover:underline focus-visible:outline-2 focus-visible:outline-ring"
                    onClick={() => onOpen(lead)}
                  >
                    {name}
                  </button>
                  {lead.name ? <p className="truncate text-muted-foreground">{lead.email}</p> : null}
                  {lead.company ? (
                    <p className="truncate text-xs text-muted-foreground">{lead.company}</p>
                  ) : null}
                  {lead.message ? (
                    <p className="mt-1 line-clamp-2 text-xs break-words text-slate-600">{lead.message}</p>
                  ) : null}
                </td>
                <td className="col-start-2 text-xs text-muted-foreground md:px-3 md:py-4 md:align-top">
                  <span className="block font-medium whitespace-nowrap text-slate-700 max-md:inline">
                    @{lead.cardHandle}
                  </span>
                  {showHolder && lead.holderName ? (
                    <span className="block max-md:inline max-md:before:content-['_·_']">
                      {lead.holderName}
                    </span>
                  ) : null}
                  <time
                    dateTime={lead.createdAtUtc}
                    className="block whitespace-nowrap max-md:inline max-md:before:content-['_·_']"
                  >
                    {dateFormat.format(new Date(lead.createdAtUtc))}
                  </time>
                </td>
                <td className="col-span-3 md:px-3 md:py-3 md:align-top">
                  <LeadStatusSelect lead={lead} className="w-full sm:w-36" />
                </td>
                <td className="col-span-3 space-y-1.5 md:px-3 md:py-4 md:align-top">
                  {lead.tags.length ? (
                    <ul className="flex flex-wrap gap-1" aria-label={t('table.tags')}>
                      {lead.tags.map((tag) => (
                        <li key={tag}>
                          <Badge variant="secondary">{tag}</Badge>
                        </li>
                      ))}
                    </ul>
                  ) : null}
                  <FollowUpReasons followUp={lead.followUp} />
                </td>
                <td className="col-start-3 row-start-1 text-right whitespace-nowrap md:py-3 md:pr-4 md:pl-2 md:align-top">
                  <Button
                    variant="ghost"
                    size="icon-sm"
                    className="text-slate-600"
                    aria-label={t('table.saveContactNamed', { name })}
                    title={t('table.saveContact')}
                    disabled={savingContact}
                    onClick={() => onSaveContact(lead)}
                  >
                    <ContactRound aria-hidden="true" />
                  </Button>
                  <Button
                    variant="ghost"
                    size="icon-sm"
                    className="text-slate-600"
                    aria-label={t('table.openNamed', { name })}
                    title={t('table.open')}
                    onClick={() => onOpen(lead)}
                  >
                    <PanelRightOpen aria-hidden="true" />
                  </Button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <Pager
        label={t('table.pagination')}
        page={page}
        pages={pages}
        onPage={onPage}
        className="px-4 py-3 sm:px-5"
      />
    </Card>
  );
}
