import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import { PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useAccountTimeZone } from '@/lib/account-settings';
import { useProfiles } from '@/lib/profiles';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useAnalyticsOverview } from '../api/get-overview';
import { AnalyticsControls } from '../components/analytics-controls';
import { AnalyticsOverview } from '../components/analytics-overview';
import { AnalyticsTabs } from '../components/analytics-tabs';
import { AnalyticsLoadError } from '../components/load-error';
import { useAnalyticsQuery, useAnalyticsView } from '../hooks/use-analytics-view';
import { rangeSearch } from '../utils/analytics-view';

/** All cards: the account's cards at once, each row opening that card's analytics for the same range */
export function AnalyticsOverviewPage() {
  const { t } = useTranslation('analytics');
  useDocumentTitle(t('overview.documentTitle'));
  const queryClient = useQueryClient();
  const controls = useAnalyticsView();
  const zone = useAccountTimeZone();
  const profiles = useProfiles();
  // All time starts at the oldest card
  const since = (profiles.data ?? []).map((p) => p.createdAtUtc).sort()[0] ?? null;
  const { query, range, refreshNow } = useAnalyticsQuery(
    controls.view,
    zone.ready && !profiles.isPending ? zone.timeZone : null,
    since,
  );
  const overview = useAnalyticsOverview(null, query);
  const refresh = () => {
    refreshNow();
    void queryClient.invalidateQueries({ queryKey: ['analytics-overview', 'account'] });
  };

  return (
    <>
      <PageHeader title={t('page.title')} description={t('overview.description')} />
      <AnalyticsTabs />
      <AnalyticsControls
        idPrefix="overview"
        controls={{ ...controls, view: { ...controls.view, filters: {} } }}
        range={range}
        timeZone={zone.timeZone}
        trailing={
          <Button variant="outline" onClick={refresh} disabled={overview.isFetching}>
            <RefreshCw className={overview.isFetching ? 'animate-spin' : undefined} aria-hidden="true" />
            {t('page.refresh')}
          </Button>
        }
      />
      {overview.isPending ? (
        <div className="space-y-6" aria-busy="true">
          <Skeleton className="h-28 rounded-(--radius-card)" />
          <Skeleton className="h-80 rounded-(--radius-card)" />
          <span className="sr-only">{t('page.loading')}</span>
        </div>
      ) : overview.isError ? (
        <AnalyticsLoadError error={overview.error} onRetry={refresh} retrying={overview.isFetching} />
      ) : (
        <AnalyticsOverview
          overview={overview.data}
          hrefOf={(row) => `/dashboard/analytics?${rangeSearch(controls.view, { card: row.handle })}`}
        />
      )}
    </>
  );
}
