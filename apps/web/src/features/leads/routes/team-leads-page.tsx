import { useTranslation } from 'react-i18next';
import { SectionHeader } from '@/components/layout/section-header';
import { useCurrentTeam, useTeamCards, useTeamMembers } from '@/lib/teams';
import type { LeadListQuery } from '../api/get-leads';
import { LeadsWorkspace } from '../components/leads-workspace';

/** the file name of an export: the team, and whether filters narrowed it */
function exportName(teamName: string, query: LeadListQuery): string {
  const slug = teamName
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  const { profileId, memberId, status, tag, from, to, q } = query;
  const narrowed = [profileId, memberId, status, tag, from, to, q].some((value) => value !== null);
  return `leads-${slug || 'team'}${narrowed ? '-filtered' : ''}.csv`;
}

/** the team's one inbox: every message left on its cards (a member: on their own) */
export function TeamLeadsPage() {
  const { t } = useTranslation('leads');
  const { teamId, team, isAdmin } = useCurrentTeam();
  const members = useTeamMembers(teamId, isAdmin);
  const cards = useTeamCards(teamId);
  const scope = { kind: 'team' as const, teamId };

  return (
    <section aria-labelledby="team-leads-title">
      <LeadsWorkspace
        scope={scope}
        cards={
          cards.isError
            ? []
            : (cards.data?.map((card) => ({
                value: card.handle,
                label: `@${card.handle}`,
                description: card.holder
                  ? `${card.displayName} · ${card.holder.displayName}`
                  : card.displayName,
                profileId: card.profileId,
              })) ?? null)
        }
        members={
          isAdmin && members.data
            ? members.data.map((member) => ({
                value: member.userId,
                label: member.displayName,
                description: member.email,
              }))
            : null
        }
        header={(exportButton) => (
          <SectionHeader
            id="team-leads-title"
            title={t('page.title')}
            description={isAdmin ? t('team.descriptionAdmin') : t('team.descriptionMember')}
            actions={exportButton}
          />
        )}
        exportFileName={(query) => exportName(team.data?.name ?? 'team', query)}
        caption={team.data ? t('team.caption', { team: team.data.name }) : t('team.captionUnnamed')}
        noLeads={{ description: t('team.noLeads') }}
        showHolder={isAdmin}
      />
    </section>
  );
}
