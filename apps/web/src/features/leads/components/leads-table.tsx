import type { ReactNode } from 'react';
import { ChevronLeft, ChevronRight, ContactRound, Trash2 } from 'lucide-react';
import type { LeadResponse } from '@cardcraft/contracts';
import { ListTableHead } from '@/components/ui/list-table-head';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/utils';
import { LeadAnswers } from './lead-answers';

const dateFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' });

function ConsentBadge({ consent }: { consent: boolean }) {
  return consent ? <Badge variant="success">Consented</Badge> : <Badge variant="secondary">No consent</Badge>;
}

export interface LeadsTableProps<L extends LeadResponse> {
  items: L[];
  /** what the table holds, for screen readers */
  caption: string;
  page: number;
  pages: number;
  total: number;
  onPage: (page: number) => void;
  onSaveContact: (lead: L) => void;
  savingContact: boolean;
  onDelete: (lead: L) => void;
  /** the card each message was left on, in a team's inbox: a line under the contact */
  card?: (lead: L) => ReactNode;
}

/** messages newest first, a page at a time: a table on a wide screen, a card a message on a phone */
export function LeadsTable<L extends LeadResponse>({
  items,
  caption,
  page,
  pages,
  total,
  onPage,
  onSaveContact,
  savingContact,
  onDelete,
  card,
}: LeadsTableProps<L>) {
  return (
    <Card className="overflow-hidden">
      <table className="w-full text-left text-sm">
        <ListTableHead caption={caption} columns={['Contact', 'Message', 'Date', 'Consent']} />
        <tbody className="divide-y divide-border">
          {items.map((lead) => (
            <tr key={lead.id} className="grid grid-cols-[1fr_auto] gap-x-3 gap-y-1 p-4 md:table-row md:p-0">
              <td className="min-w-0 md:px-5 md:py-4">
                {lead.name ? <p className="truncate font-medium text-foreground">{lead.name}</p> : null}
                <a
                  href={`mailto:${lead.email}`}
                  className={cn(
                    'block truncate text-primary hover:underline',
                    lead.name ? 'text-sm' : 'font-medium',
                  )}
                >
                  {lead.email}
                </a>
                {lead.phone || lead.company ? (
                  <p className="mt-0.5 flex flex-wrap gap-x-2 text-xs text-muted-foreground">
                    {lead.company ? <span className="break-words">{lead.company}</span> : null}
                    {lead.phone ? (
                      // a target of its own, at least 24 px high (WCAG 2.2 target size), clear of the address above
                      <a
                        href={`tel:${lead.phone.replace(/[^\d+]/g, '')}`}
                        className="inline-flex min-h-6 items-center hover:underline"
                      >
                        {lead.phone}
                      </a>
                    ) : null}
                  </p>
                ) : null}
                {card ? <p className="mt-1 text-xs text-muted-foreground">{card(lead)}</p> : null}
              </td>
              <td className="col-span-2 row-start-2 text-slate-700 md:max-w-md md:px-5 md:py-4">
                {lead.message ? (
                  <p className="break-words whitespace-pre-line">{lead.message}</p>
                ) : (
                  <span className="text-muted-foreground italic">No message</span>
                )}
                <LeadAnswers lead={lead} />
              </td>
              <td className="col-span-2 row-start-3 text-xs text-muted-foreground md:px-5 md:py-4 md:text-sm md:whitespace-nowrap">
                <time dateTime={lead.createdAtUtc}>{dateFormat.format(new Date(lead.createdAtUtc))}</time>
              </td>
              <td className="col-start-1 row-start-4 md:px-5 md:py-4">
                <ConsentBadge consent={lead.consent} />
              </td>
              <td className="col-start-2 row-start-1 text-right whitespace-nowrap md:px-5 md:py-4">
                <Button
                  variant="ghost"
                  size="icon-sm"
                  className="text-slate-600"
                  aria-label={`Save ${lead.name ?? lead.email} as a contact (vCard)`}
                  title="Save as a contact (vCard)"
                  disabled={savingContact}
                  onClick={() => onSaveContact(lead)}
                >
                  <ContactRound aria-hidden="true" />
                </Button>
                <Button
                  variant="ghost"
                  size="icon-sm"
                  className="text-slate-600 hover:bg-destructive-soft hover:text-destructive"
                  aria-label={`Delete the message from ${lead.email}`}
                  onClick={() => onDelete(lead)}
                >
                  <Trash2 aria-hidden="true" />
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <nav
        aria-label="Pagination"
        className="flex items-center justify-between gap-3 border-t border-border px-4 py-3 text-sm sm:px-5"
      >
        <span className="text-muted-foreground">
          Page {page} of {pages} · {total} {total === 1 ? 'message' : 'messages'}
        </span>
        <div className="flex gap-2">
          <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
            <ChevronLeft aria-hidden="true" />
            Previous
          </Button>
          <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
            Next
            <ChevronRight aria-hidden="true" />
          </Button>
        </div>
      </nav>
    </Card>
  );
}
