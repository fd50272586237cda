import type { ReactNode } from 'react';
import { Inbox } from 'lucide-react';
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation('leads');
  useDocumentTitle(t('page.title'));
  const profiles = useProfiles();

  if (profiles.isPending) return <PageSpinner label={t('page.loadingProfiles')} />;
  if (profiles.isError) return <ErrorAlert>{t('page.profilesFailed')}</ErrorAlert>;

  const cards = publishedFirst(profiles.data).map((profile) => ({
    value: profile.handle,
    label: `@${profile.handle}`,
    description: profile.published ? profile.displayName : t('page.draft', { name: profile.displayName }),
    profileId: profile.id,
  }));
  const title = (actions?: ReactNode) => (
    <PageHeader title={t('page.title')} description={t('page.description')} actions={actions} />
  );
  if (cards.length === 0) {
    return (
      <>
        {title()}
        <NoProfilesState icon={Inbox} description={t('page.noProfiles')} />
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
      caption={t('page.caption')}
      noLeads={{
        description: t('page.noLeads'),
        action: (
          <Button asChild variant="outline">
            <Link to="/dashboard">{t('page.goToCards')}</Link>
          </Button>
        ),
      }}
      showHolder={false}
    />
  );
}
