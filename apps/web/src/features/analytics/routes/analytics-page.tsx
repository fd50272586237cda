import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { BarChart3, LockKeyhole, RefreshCw } from 'lucide-react';
import { PageHeader } from '@/components/layout/page-header';
import { NoProfilesState } from '@/components/profiles/no-profiles-state';
import { ProfileSelect } from '@/components/profiles/profile-select';
import { ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { PageSpinner } from '@/components/ui/spinner';
import { useSelectedProfile } from '@/lib/profiles';
import { useAccountTimeZone } from '@/lib/account-settings';
import { useSession } from '@/lib/session';
import { useVisitSummary } from '../api/get-visit-summary';
import { useVisits } from '../api/get-visits';
import { useExportAnalytics, type AnalyticsExport } from '../api/export-analytics';
import { useLiveVisitors } from '../api/get-live-visitors';
import { ExportButtons, LiveVisitorsCard } from '../components/insight-cards';
import { toast } from '@/components/ui/use-toast';
import { RecentVisitorsCard } from '../components/breakdown-cards';
import { AnalyticsBoard } from '../components/analytics-board';
import { AnalyticsControls } from '../components/analytics-controls';
import { AnalyticsTabs } from '../components/analytics-tabs';
import { ShareDashboardButton } from '../components/share-dashboard-button';
import { useAnalyticsQuery, useAnalyticsView } from '../hooks/use-analytics-view';
import { AnalyticsLoadError } from '../components/load-error';
import { CurrentProfileCard, DraftNotice } from '../components/profile-summary';
import { useDocumentTitle } from '@/lib/use-document-title';

function AnalyticsSkeleton() {
  const { t } = useTranslation('analytics');
  return (
    <div className="space-y-6" aria-busy="true">
      <div className="grid grid-cols-2 gap-4 xl:grid-cols-4">
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} className="h-28 rounded-(--radius-card)" />
        ))}
      </div>
      <Skeleton className="h-80 rounded-(--radius-card)" />
      <span className="sr-only">{t('page.loading')}</span>
    </div>
  );
}

export function AnalyticsPage() {
  const { t } = useTranslation('analytics');
  useDocumentTitle(t('page.title'));
  const { hydrated, isAuthenticated } = useSession();
  const location = useLocation();
  if (!hydrated) return <PageSpinner label={t('page.spinner')} />;
  if (!isAuthenticated) {
    return (
      <EmptyState
        icon={LockKeyhole}
        title={t('page.signInTitle')}
        description={t('page.signInText')}
        action={
          <Button asChild>
            <Link to="/auth/login" state={{ from: location }}>
              {t('page.signIn')}
            </Link>
          </Button>
        }
      />
    );
  }
  return <AnalyticsDashboard />;
}

function AnalyticsDashboard() {
  const { t } = useTranslation('analytics');
  const queryClient = useQueryClient();
  const { profiles, ordered, profile, setSelectedId } = useSelectedProfile();
  const controls = useAnalyticsView();
  const { view } = controls;
  const zone = useAccountTimeZone();
  const { query, range, refreshNow } = useAnalyticsQuery(
    view,
    zone.ready ? zone.timeZone : null,
    profile?.createdAtUtc ?? null,
  );

  const analyticsId = profile?.published ? profile.id : null;
  const summary = useVisitSummary(analyticsId, query);
  const visits = useVisits(analyticsId, query);
  const live = useLiveVisitors(analyticsId);
  const exporter = useExportAnalytics(analyticsId ?? '', query, {
    firstDay: range?.firstDay ?? '',
    lastDay: range?.lastDay ?? '',
  });
  const exportCsv = (kind: AnalyticsExport) =>
    exporter.mutate(kind, {
      onError: () =>
        toast({ title: t('export.failed'), description: t('export.failedText'), variant: 'destructive' }),
    });

  if (profiles.isPending) return <PageSpinner label={t('page.loadingProfiles')} />;
  if (profiles.isError) return <ErrorAlert>{t('load.failed')}</ErrorAlert>;
  if (!profile) {
    return (
      <>
        <PageHeader title={t('page.title')} description={t('page.description')} />
        <NoProfilesState icon={BarChart3} description={t('page.noProfiles')} />
      </>
    );
  }

  // a new `now` for ranges that end today, and the figures asked again
  const refresh = () => {
    refreshNow();
    void queryClient.invalidateQueries({ queryKey: ['visit-summary', profile.id] });
    void queryClient.invalidateQueries({ queryKey: ['visits', profile.id] });
  };
  const refreshing = summary.isFetching || visits.isFetching;
  const filter = { onFilter: controls.addFilter };

  return (
    <>
      <PageHeader
        title={t('page.title')}
        description={t('page.description')}
        actions={profile.published ? <ShareDashboardButton profileId={profile.id} /> : undefined}
      />
      <AnalyticsTabs />
      <AnalyticsControls
        idPrefix="analytics"
        controls={controls}
        range={range}
        timeZone={zone.timeZone}
        leading={
          ordered.length > 1 ? (
            <ProfileSelect
              id="analytics-profile"
              profiles={ordered}
              value={profile.id}
              onValueChange={setSelectedId}
              className="min-w-0"
            />
          ) : null
        }
        trailing={
          <Button variant="outline" onClick={refresh} disabled={!profile.published || refreshing}>
            <RefreshCw className={refreshing ? 'animate-spin' : undefined} aria-hidden="true" />
            {t('page.refresh')}
          </Button>
        }
      />

      {!profile.published ? (
        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
          <DraftNotice profile={profile} />
          <CurrentProfileCard profile={profile} />
        </div>
      ) : summary.isPending ? (
        <AnalyticsSkeleton />
      ) : summary.isError ? (
        <AnalyticsLoadError error={summary.error} onRetry={refresh} retrying={refreshing} />
      ) : (
        <div className="space-y-6">
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
            <LiveVisitorsCard live={live.data} loading={live.isPending} failed={live.isError} />
            <ExportButtons
              onExport={exportCsv}
              pending={exporter.isPending ? (exporter.variables ?? null) : null}
            />
          </div>
          <AnalyticsBoard
            summary={summary.data}
            filter={filter}
            aside={
              <>
                <CurrentProfileCard profile={profile} />
                {visits.isError ? (
                  <AnalyticsLoadError
                    error={visits.error}
                    onRetry={() => void visits.refetch()}
                    retrying={visits.isFetching}
                  />
                ) : (
                  <RecentVisitorsCard
                    visits={visits.data?.items}
                    loading={visits.isPending}
                    timeZone={zone.timeZone}
                  />
                )}
              </>
            }
          />
        </div>
      )}
    </>
  );
}
