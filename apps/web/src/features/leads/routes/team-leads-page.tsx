import { useState } from 'react';
import { Download, Inbox } from 'lucide-react';
import type { TeamLeadResponse } from '@cardcraft/contracts';
import { leadVCardFileName } from '@cardcraft/contracts/lead-vcard';
import { SectionHeader } from '@/components/layout/section-header';
import { CardFilter, MemberFilter } from '@/components/teams/member-filter';
import { ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toast';
import { normalizeError, saveBlob } from '@/lib/api-client';
import { useCurrentTeam, useTeamCards, useTeamMembers } from '@/lib/teams';
import { LEADS_PAGE_SIZE } from '../api/get-leads';
import { useLeadVCard } from '../api/lead-vcard';
import { useExportTeamLeads, useTeamLeads, type TeamLeadsFilter } from '../api/team-leads';
import { DeleteLeadDialog } from '../components/delete-lead-dialog';
import { LeadsTable } from '../components/leads-table';

/** the file name of an export: the team, and the member or card it was narrowed to */
function exportName(teamName: string, filter: TeamLeadsFilter): string {
  const slug = teamName
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `leads-${slug || 'team'}${filter.profileId || filter.memberId ? '-filtered' : ''}.csv`;
}

/** the team's one inbox: every message left on its cards (a member: on their own), filtered by member and card */
export function TeamLeadsPage() {
  const { teamId, team, isAdmin } = useCurrentTeam();
  const [filter, setFilter] = useState<TeamLeadsFilter>({ memberId: null, profileId: null });
  const [page, setPage] = useState(1);
  const [toDelete, setToDelete] = useState<TeamLeadResponse | null>(null);
  const leads = useTeamLeads(teamId, filter, page);
  const members = useTeamMembers(teamId, isAdmin);
  const cards = useTeamCards(teamId, filter.memberId);
  const exporter = useExportTeamLeads(teamId);
  const vcard = useLeadVCard();

  const narrow = (change: Partial<TeamLeadsFilter>) => {
    setFilter((current) => ({ ...current, ...change }));
    setPage(1);
  };

  const exportCsv = async () => {
    const fileName = exportName(team.data?.name ?? 'team', filter);
    try {
      saveBlob(await exporter.mutateAsync(filter), fileName);
      toast({ title: 'Leads exported', description: `Saved ${fileName}`, variant: 'success' });
    } catch (error) {
      toast({
        title: 'Failed to export leads',
        description: normalizeError(error).message,
        variant: 'destructive',
      });
    }
  };

  const saveContact = async (lead: TeamLeadResponse) => {
    const fileName = leadVCardFileName(lead);
    try {
      saveBlob(await vcard.mutateAsync({ profileId: lead.profileId, leadId: lead.id }), fileName);
      toast({ title: 'vCard downloaded', description: `Saved ${fileName}`, variant: 'success' });
    } catch (error) {
      toast({
        title: 'Failed to download the vCard',
        description: normalizeError(error).message,
        variant: 'destructive',
      });
    }
  };

  const total = leads.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / LEADS_PAGE_SIZE));
  const items = leads.data?.items ?? [];

  return (
    <section aria-labelledby="team-leads-title">
      <SectionHeader
        id="team-leads-title"
        title="Leads"
        description={
          isAdmin ? 'Messages visitors left on the team’s cards' : 'Messages visitors left on your team cards'
        }
        actions={
          <Button variant="outline" disabled={exporter.isPending} onClick={() => void exportCsv()}>
            <Download aria-hidden="true" />
            {exporter.isPending ? 'Exporting...' : 'Export CSV'}
          </Button>
        }
      />
      <Card className="mb-6 flex flex-col gap-4 p-4 sm:flex-row sm:flex-wrap">
        {isAdmin && members.data ? (
          <MemberFilter
            id="team-leads-member"
            members={members.data}
            value={filter.memberId}
            onValueChange={(memberId) => narrow({ memberId, profileId: null })}
          />
        ) : null}
        <CardFilter
          id="team-leads-card"
          cards={cards.data ?? []}
          value={filter.profileId}
          onValueChange={(profileId) => narrow({ profileId })}
        />
      </Card>
      {leads.isPending ? (
        <div className="space-y-3" aria-busy="true">
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} className="h-20 rounded-(--radius-card)" />
          ))}
        </div>
      ) : leads.isError ? (
        <ErrorAlert>{normalizeError(leads.error).message}</ErrorAlert>
      ) : items.length === 0 ? (
        <EmptyState
          icon={Inbox}
          title="No messages yet"
          description="When visitors leave a message on a team card, it appears here."
        />
      ) : (
        <LeadsTable
          items={items}
          caption={`Messages left on the cards of ${team.data?.name ?? 'the team'}, newest first`}
          page={page}
          pages={pages}
          total={total}
          onPage={setPage}
          onSaveContact={(lead) => void saveContact(lead)}
          savingContact={vcard.isPending}
          onDelete={setToDelete}
          card={(lead) => (
            <>
              On <span className="font-medium text-slate-700">@{lead.cardHandle}</span>
              {isAdmin ? ` · ${lead.holderName}` : ''}
            </>
          )}
        />
      )}
      <DeleteLeadDialog
        lead={toDelete}
        onOpenChange={(open) => {
          if (!open) setToDelete(null);
        }}
      />
    </section>
  );
}
