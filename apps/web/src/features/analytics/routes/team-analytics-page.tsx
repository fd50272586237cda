import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import { SectionHeader } from '@/components/layout/section-header';
import { MemberFilter } from '@/components/teams/member-filter';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useAccountTimeZone } from '@/lib/account-settings';
import { teamKeys, useCurrentTeam, useTeamMembers } from '@/lib/teams';
import { useAnalyticsOverview } from '../api/get-overview';
import { useTeamAnalytics } from '../api/team-analytics';
import { AnalyticsControls } from '../components/analytics-controls';
import { AnalyticsOverview } from '../components/analytics-overview';
import { DevicesCard, GeographyCard, TrafficSourcesCard } from '../components/breakdown-cards';
import { AnalyticsLoadError } from '../components/load-error';
import { SummaryWidgets } from '../components/summary-widgets';
import { useAnalyticsQuery, useAnalyticsView } from '../hooks/use-analytics-view';

function Loading() {
  const { t } = useTranslation('analytics');
  return (
    <div className="space-y-6" aria-busy="true">
      <Skeleton className="h-28 rounded-(--radius-card)" />
      <Skeleton className="h-80 rounded-(--radius-card)" />
      <span className="sr-only">{t('page.loading')}</span>
    </div>
  );
}

/**
 * the team's figures: the overview of its cards (totals, a line per card, the sortable table), then
 * the widgets over every card in reach, or one member's
 */
export function TeamAnalyticsPage() {
  const { t } = useTranslation('analytics');
  const queryClient = useQueryClient();
  const { teamId, isAdmin } = useCurrentTeam();
  const controls = useAnalyticsView();
  const zone = useAccountTimeZone();
  const { query, range, refreshNow } = useAnalyticsQuery(controls.view, zone.ready ? zone.timeZone : null);
  const [memberId, setMemberId] = useState<string | null>(null);
  const members = useTeamMembers(teamId, isAdmin);
  const overview = useAnalyticsOverview(teamId, query);
  const analytics = useTeamAnalytics(teamId, query, memberId);
  const refresh = () => {
    refreshNow();
    void queryClient.invalidateQueries({ queryKey: teamKeys.analytics(teamId) });
    void queryClient.invalidateQueries({ queryKey: ['analytics-overview', teamId] });
  };
  const fetching = analytics.isFetching || overview.isFetching;
  const data = analytics.data;

  return (
    <section aria-labelledby="team-analytics-title">
      <SectionHeader
        id="team-analytics-title"
        title={t('page.title')}
        description={isAdmin ? t('team.description') : t('team.memberDescription')}
      />
      <AnalyticsControls
        idPrefix="team-analytics"
        controls={{ ...controls, view: { ...controls.view, filters: {} } }}
        range={range}
        timeZone={zone.timeZone}
        trailing={
          <Button variant="outline" onClick={refresh} disabled={fetching}>
            <RefreshCw className={fetching ? 'animate-spin' : undefined} aria-hidden="true" />
            {t('page.refresh')}
          </Button>
        }
      />
      <div className="space-y-6">
        {overview.isPending ? (
          <Loading />
        ) : overview.isError ? (
          <AnalyticsLoadError error={overview.error} onRetry={refresh} retrying={overview.isFetching} />
        ) : (
          <AnalyticsOverview overview={overview.data} rowTestId="team-card-figures" />
        )}
        <Card>
          <CardHeader className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
            <div>
              <CardTitle>{t('team.widgetsTitle')}</CardTitle>
              <CardDescription>{memberId ? t('team.oneMember') : t('team.everyCard')}</CardDescription>
            </div>
            {isAdmin && members.data ? (
              <MemberFilter
                id="team-analytics-member"
                members={members.data}
                value={memberId}
                onValueChange={setMemberId}
              />
            ) : null}
          </CardHeader>
        </Card>
        {analytics.isPending ? (
          <Loading />
        ) : analytics.isError ? (
          <AnalyticsLoadError error={analytics.error} onRetry={refresh} retrying={analytics.isFetching} />
        ) : data && data.cards.length > 0 ? (
          <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
            <div className="min-w-0 space-y-6">
              <SummaryWidgets summary={data.summary} />
            </div>
            <div className="min-w-0 space-y-6">
              <DevicesCard summary={data.summary} />
              <GeographyCard summary={data.summary} />
              <TrafficSourcesCard summary={data.summary} />
            </div>
          </div>
        ) : null}
      </div>
    </section>
  );
}
