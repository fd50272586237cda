import { useTranslation } from 'react-i18next';
import { SectionHeader } from '@/components/layout/section-header';
import { useCurrentTeam, useTeamTemplates } from '@/lib/teams';
import { BulkInvite } from '../components/bulk-invite';
import { InvitationList } from '../components/invitation-list';
import { InviteForm } from '../components/invite-form';

/** inviting people one by one or from a file, and the invitations not yet taken up (admins) */
export function InvitationsPage() {
  const { t } = useTranslation('teams');
  const { teamId, team } = useCurrentTeam();
  const templates = useTeamTemplates(teamId);
  const canGrantOwner = team.data?.role === 'owner';
  const list = templates.data ?? [];
  return (
    <div className="space-y-8">
      <section aria-labelledby="invite-title">
        <SectionHeader
          id="invite-title"
          title={t('invitations.title')}
          description={t('invitations.description')}
        />
        <div className="grid gap-6 xl:grid-cols-2">
          <InviteForm teamId={teamId} templates={list} canGrantOwner={canGrantOwner} />
          <BulkInvite teamId={teamId} templates={list} canGrantOwner={canGrantOwner} />
        </div>
      </section>
      <section aria-labelledby="open-invitations-title">
        <h2 id="open-invitations-title" className="mb-3 text-base font-semibold">
          {t('invitations.waiting')}
        </h2>
        <InvitationList teamId={teamId} />
      </section>
    </div>
  );
}
