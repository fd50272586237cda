import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { BarChart3, Eye, LockKeyhole } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { PageSpinner } from '@/components/ui/spinner';
import { normalizeError } from '@/lib/api-client';
import { browserTimeZone } from '@/lib/account-settings';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useSharedDashboard, useSharedSummary, useUnlockSharedDashboard } from '../api/shared-dashboard';
import { AnalyticsBoard } from '../components/analytics-board';
import { AnalyticsControls } from '../components/analytics-controls';
import { AnalyticsLoadError } from '../components/load-error';
import { useAnalyticsQuery, useAnalyticsView } from '../hooks/use-analytics-view';

/** a shared dashboard is nobody's page to find: search engines are asked to leave it out */
function useNoIndex() {
  useEffect(() => {
    const meta = document.createElement('meta');
    meta.name = 'robots';
    meta.content = 'noindex, nofollow';
    document.head.appendChild(meta);
    return () => meta.remove();
  }, []);
}

function Shell({ children }: { children: React.ReactNode }) {
  return (
    <div className="min-h-screen bg-background">
      <main className="mx-auto w-full max-w-7xl px-4 py-6 sm:px-6 lg:py-10">{children}</main>
    </div>
  );
}

function UnlockForm({ token, cardName }: { token: string; cardName: string }) {
  const { t } = useTranslation('analytics');
  const unlock = useUnlockSharedDashboard(token);
  const [password, setPassword] = useState('');
  const status = unlock.error ? normalizeError(unlock.error).status : null;
  const error =
    status === 401 ? t('shared.wrongPassword') : unlock.error ? normalizeError(unlock.error).message : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (password) unlock.mutate(password);
  };
  return (
    <Card className="mx-auto mt-10 max-w-md">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <LockKeyhole className="size-4 text-muted-foreground" aria-hidden="true" />
          {t('shared.unlockTitle', { name: cardName })}
        </CardTitle>
        <CardDescription>{t('shared.locked')}</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} className="space-y-4" noValidate>
          <div className="space-y-1.5">
            <Label htmlFor="shared-password">{t('shared.password')}</Label>
            <Input
              id="shared-password"
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'shared-password-error' : undefined}
              required
            />
            {error ? (
              <p id="shared-password-error" role="alert" className="text-sm text-destructive">
                {error}
              </p>
            ) : null}
          </div>
          <Button type="submit" className="w-full" disabled={!password || unlock.isPending}>
            {unlock.isPending ? t('shared.unlocking') : t('shared.unlock')}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

function SharedBoard({ token, timeZone }: { token: string; timeZone: string }) {
  const { t } = useTranslation('analytics');
  const controls = useAnalyticsView();
  const { query, range } = useAnalyticsQuery(controls.view, timeZone);
  const summary = useSharedSummary(token, query);
  return (
    <>
      <AnalyticsControls idPrefix="shared" controls={controls} range={range} timeZone={timeZone} />
      {summary.isPending ? (
        <div className="space-y-6" aria-busy="true">
          <Skeleton className="h-28 rounded-(--radius-card)" />
          <Skeleton className="h-80 rounded-(--radius-card)" />
          <span className="sr-only">{t('page.loading')}</span>
        </div>
      ) : summary.isError ? (
        <AnalyticsLoadError
          error={summary.error}
          onRetry={() => void summary.refetch()}
          retrying={summary.isFetching}
        />
      ) : (
        <AnalyticsBoard summary={summary.data} filter={{ onFilter: controls.addFilter }} readOnly />
      )}
    </>
  );
}

/** /share/{token}: a card's analytics as its owner shared them, read-only, maybe behind a password */
export function SharedDashboardPage() {
  const { t } = useTranslation('analytics');
  const { token = '' } = useParams();
  const shared = useSharedDashboard(token);
  useNoIndex();
  useDocumentTitle(
    shared.data ? t('shared.documentTitle', { name: shared.data.cardDisplayName }) : t('shared.title'),
  );

  if (shared.isPending) return <PageSpinner label={t('page.spinner')} />;
  if (shared.isError) {
    const gone = normalizeError(shared.error).status === 404;
    return (
      <Shell>
        <EmptyState
          icon={BarChart3}
          title={gone ? t('shared.goneTitle') : t('shared.failedTitle')}
          description={gone ? t('shared.gone') : t('shared.failed')}
          action={
            gone ? (
              <Button asChild variant="outline">
                <Link to="/">{t('shared.home')}</Link>
              </Button>
            ) : (
              <Button onClick={() => void shared.refetch()}>{t('shared.retry')}</Button>
            )
          }
        />
      </Shell>
    );
  }
  const dashboard = shared.data;
  return (
    <Shell>
      <header className="mb-6 flex flex-wrap items-center gap-3">
        <div className="min-w-0">
          <h1 className="truncate text-2xl font-semibold tracking-tight">{dashboard.cardDisplayName}</h1>
          <p className="text-sm text-slate-600">{t('shared.byline', { handle: dashboard.cardHandle })}</p>
        </div>
        <Badge variant="secondary" className="gap-1">
          <Eye className="size-3.5" aria-hidden="true" />
          {t('shared.readOnly')}
        </Badge>
      </header>
      {dashboard.locked ? (
        <UnlockForm token={token} cardName={dashboard.cardDisplayName} />
      ) : (
        <SharedBoard token={token} timeZone={dashboard.timeZone ?? browserTimeZone()} />
      )}
    </Shell>
  );
}
