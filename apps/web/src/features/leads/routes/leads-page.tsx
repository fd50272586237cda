import type { ReactNode } from 'react';
import { Inbox } from 'lucide-react';
import { Link } from 'react-router-dom';
import { PageHeader } from '@/components/layout/page-header';
import { NoProfilesState } from '@/components/profiles/no-profiles-state';
import { ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { PageSpinner } from '@/components/ui/spinner';
import { publishedFirst, useProfiles } from '@/lib/profiles';
import { useDocumentTitle } from '@/lib/use-document-title';
import { ACCOUNT_SCOPE } from '../api/lead-scope';
import { LeadsWorkspace } from '../components/leads-workspace';

/** the leads of every card the account holds, to follow up on */
export function LeadsPage() {
  useDocumentTitle('Leads');
  const profiles = useProfiles();

  if (profiles.isPending) return <PageSpinner label="Loading profiles..." />;
  if (profiles.isError) return <ErrorAlert>Failed to load profiles. Please try again later.</ErrorAlert>;

  const cards = publishedFirst(profiles.data).map((profile) => ({
    value: profile.handle,
    label: `@${profile.handle}`,
    description: profile.published ? profile.displayName : `${profile.displayName} (Draft)`,
    profileId: profile.id,
  }));
  const title = (actions?: ReactNode) => (
    <PageHeader
      title="Leads"
      description="Messages visitors left on your cards, to follow up on"
      actions={actions}
    />
  );
  if (cards.length === 0) {
    return (
      <>
        {title()}
        <NoProfilesState icon={Inbox} description="Create a profile so visitors can leave you a message." />
      </>
    );
  }

  return (
    <LeadsWorkspace
      scope={ACCOUNT_SCOPE}
      cards={cards}
      members={null}
      header={title}
      exportFileName={(query) => {
        const card = cards.find((item) => item.profileId === query.profileId);
        return card ? `leads-${card.value}.csv` : 'leads.csv';
      }}
      caption="Leads left on your cards"
      noLeads={{
        description:
          'When a visitor leaves a message on one of your cards, it appears here. Share your card to get the first one.',
        action: (
          <Button asChild variant="outline">
            <Link to="/dashboard">Go to your cards</Link>
          </Button>
        ),
      }}
      showHolder={false}
    />
  );
}
