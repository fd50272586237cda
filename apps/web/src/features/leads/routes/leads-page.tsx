import { useState } from 'react';
import { ChevronLeft, ChevronRight, ContactRound, Download, Inbox, Trash2 } from 'lucide-react';
import type { LeadResponse } from '@cardcraft/contracts';
import { leadVCardFileName } from '@cardcraft/contracts/lead-vcard';
import { PageHeader } from '@/components/layout/page-header';
import { NoProfilesState } from '@/components/profiles/no-profiles-state';
import { ProfileSelect } from '@/components/profiles/profile-select';
import { ErrorAlert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { PageSpinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import { normalizeError, saveBlob } from '@/lib/api-client';
import { useSelectedProfile } from '@/lib/profiles';
import { cn } from '@/lib/utils';
import { useExportLeads } from '../api/export-leads';
import { useLeadVCard } from '../api/lead-vcard';
import { LEADS_PAGE_SIZE, useLeads } from '../api/get-leads';
import { DeleteLeadDialog } from '../components/delete-lead-dialog';
import { useDocumentTitle } from '@/lib/use-document-title';

const dateFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' });

function ConsentBadge({ consent }: { consent: boolean }) {
  return consent ? <Badge variant="success">Consented</Badge> : <Badge variant="secondary">No consent</Badge>;
}

export function LeadsPage() {
  useDocumentTitle('Leads');
  const { profiles, ordered, profile, setSelectedId } = useSelectedProfile();
  const [page, setPage] = useState(1);
  const [toDelete, setToDelete] = useState<LeadResponse | null>(null);
  const exporter = useExportLeads();
  const vcard = useLeadVCard();

  const saveContact = async (profileId: string, lead: LeadResponse) => {
    const fileName = leadVCardFileName(lead);
    try {
      saveBlob(await vcard.mutateAsync({ profileId, leadId: lead.id }), fileName);
      toast({ title: 'vCard downloaded', description: `Saved ${fileName}`, variant: 'success' });
    } catch (error) {
      toast({
        title: 'Failed to download the vCard',
        description: normalizeError(error).message,
        variant: 'destructive',
      });
    }
  };

  const leads = useLeads(profile?.id ?? null, page);

  const header = (
    <PageHeader
      title="Leads"
      description="Messages visitors left on your profiles"
      actions={
        profile ? (
          <Button
            variant="outline"
            disabled={exporter.isPending}
            onClick={async () => {
              try {
                const blob = await exporter.mutateAsync(profile.id);
                saveBlob(blob, `leads-${profile.handle}.csv`);
                toast({
                  title: 'Leads exported',
                  description: `Saved leads-${profile.handle}.csv`,
                  variant: 'success',
                });
              } catch (error) {
                toast({
                  title: 'Failed to export leads',
                  description: normalizeError(error).message,
                  variant: 'destructive',
                });
              }
            }}
          >
            <Download aria-hidden="true" />
            {exporter.isPending ? 'Exporting...' : 'Export CSV'}
          </Button>
        ) : null
      }
    />
  );

  if (profiles.isPending) return <PageSpinner label="Loading profiles..." />;
  if (profiles.isError) return <ErrorAlert>Failed to load profiles. Please try again later.</ErrorAlert>;
  if (!profile) {
    return (
      <>
        {header}
        <NoProfilesState icon={Inbox} description="Create a profile so visitors can leave you a message." />
      </>
    );
  }

  const total = leads.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / LEADS_PAGE_SIZE));
  const items = leads.data?.items ?? [];

  return (
    <>
      {header}
      {ordered.length > 1 ? (
        <Card className="mb-6 p-4">
          <ProfileSelect
            id="leads-profile"
            profiles={ordered}
            value={profile.id}
            onValueChange={(id) => {
              setSelectedId(id);
              setPage(1);
            }}
          />
        </Card>
      ) : null}

      {leads.isPending ? (
        <div className="space-y-3" aria-busy="true">
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} className="h-20 rounded-(--radius-card)" />
          ))}
        </div>
      ) : leads.isError ? (
        <ErrorAlert>Failed to load leads. Please try again later.</ErrorAlert>
      ) : items.length === 0 ? (
        <EmptyState
          icon={Inbox}
          title="No messages yet"
          description={`When visitors leave a message on @${profile.handle}, it appears here.`}
        />
      ) : (
        <Card className="overflow-hidden">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Messages for @{profile.handle}, newest first</caption>
            <thead className="hidden border-b border-border bg-muted/60 text-xs font-semibold tracking-wide text-slate-600 uppercase md:table-header-group">
              <tr>
                <th scope="col" className="px-5 py-3">
                  Contact
                </th>
                <th scope="col" className="px-5 py-3">
                  Message
                </th>
                <th scope="col" className="px-5 py-3">
                  Date
                </th>
                <th scope="col" className="px-5 py-3">
                  Consent
                </th>
                <th scope="col" className="px-5 py-3">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-border">
              {items.map((lead) => (
                <tr
                  key={lead.id}
                  className="grid grid-cols-[1fr_auto] gap-x-3 gap-y-1 p-4 md:table-row md:p-0"
                >
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
                          <a href={`tel:${lead.phone.replace(/[^\d+]/g, '')}`} className="hover:underline">
                            {lead.phone}
                          </a>
                        ) : null}
                      </p>
                    ) : null}
                  </td>
                  <td className="col-span-2 row-start-2 text-slate-700 md:max-w-md md:px-5 md:py-4">
                    {lead.message ? (
                      <p className="break-words whitespace-pre-line">{lead.message}</p>
                    ) : (
                      <span className="text-muted-foreground italic">No message</span>
                    )}
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
                      disabled={vcard.isPending}
                      onClick={() => void saveContact(profile.id, lead)}
                    >
                      <ContactRound aria-hidden="true" />
                    </Button>
                    <Button
                      variant="ghost"
                      size="icon-sm"
                      className="text-slate-600 hover:bg-destructive-soft hover:text-destructive"
                      aria-label={`Delete the message from ${lead.email}`}
                      onClick={() => setToDelete(lead)}
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
              <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
                <ChevronLeft aria-hidden="true" />
                Previous
              </Button>
              <Button
                variant="outline"
                size="sm"
                disabled={page >= pages}
                onClick={() => setPage((p) => p + 1)}
              >
                Next
                <ChevronRight aria-hidden="true" />
              </Button>
            </div>
          </nav>
        </Card>
      )}
      <DeleteLeadDialog
        lead={toDelete}
        onOpenChange={(open) => {
          if (!open) setToDelete(null);
        }}
      />
    </>
  );
}
