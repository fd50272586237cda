import { useState } from 'react';
import { Download, Inbox } from 'lucide-react';
import type { LeadResponse } from '@cardcraft/contracts';
import { leadVCardFileName } from '@cardcraft/contracts/lead-vcard';
import { PageHeader } from '@/components/layout/page-header';
import { NoProfilesState } from '@/components/profiles/no-profiles-state';
import { ProfileSelect } from '@/components/profiles/profile-select';
import { ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { PageSpinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import { normalizeError, saveBlob } from '@/lib/api-client';
import { useSelectedProfile } from '@/lib/profiles';
import { useExportLeads } from '../api/export-leads';
import { useLeadVCard } from '../api/lead-vcard';
import { LEADS_PAGE_SIZE, useLeads } from '../api/get-leads';
import { DeleteLeadDialog } from '../components/delete-lead-dialog';
import { LeadsTable } from '../components/leads-table';
import { useDocumentTitle } from '@/lib/use-document-title';

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
        <LeadsTable
          items={items}
          caption={`Messages for @${profile.handle}, newest first`}
          page={page}
          pages={pages}
          total={total}
          onPage={setPage}
          onSaveContact={(lead) => void saveContact(profile.id, lead)}
          savingContact={vcard.isPending}
          onDelete={setToDelete}
        />
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
