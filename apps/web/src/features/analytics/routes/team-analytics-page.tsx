import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { BarChart3, RefreshCw } from 'lucide-react';
import type { TeamCardFigures } from '@cardcraft/contracts';
import { SectionHeader } from '@/components/layout/section-header';
import { MemberFilter } from '@/components/teams/member-filter';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { teamKeys, useCurrentTeam, useTeamMembers } from '@/lib/teams';
import { useTeamAnalytics } from '../api/team-analytics';
import { DevicesCard, GeographyCard, TrafficSourcesCard } from '../components/breakdown-cards';
import { AnalyticsLoadError } from '../components/load-error';
import { PeriodSelect } from '../components/period-select';
import { StatCards } from '../components/stat-cards';
import { TeamCardsTable } from '../components/team-cards-table';
import { SummaryWidgets } from '../components/summary-widgets';
import { DEFAULT_PERIOD, type PeriodDays } from '../utils/analytics-format';

const number = new Intl.NumberFormat('en');
const percent = new Intl.NumberFormat('en', { style: 'percent', maximumFractionDigits: 1 });

/** what the cards add up to that the summary does not say: saves, messages and their share of visits */
function Totals({ rows }: { rows: TeamCardFigures[] }) {
  const sum = (key: 'visits' | 'saves' | 'messages') => rows.reduce((total, row) => total + row[key], 0);
  const visits = sum('visits');
  const saves = sum('saves');
  const messages = sum('messages');
  const figures = [
    { label: 'Cards', value: number.format(rows.length) },
    { label: 'Saves', value: number.format(saves) },
    { label: 'Messages', value: number.format(messages) },
    { label: 'Conversion', value: visits > 0 ? percent.format((saves + messages) / visits) : '—' },
  ];
  return (
    <Card className="p-4 sm:p-5">
      <dl className="grid grid-cols-2 gap-4 sm:grid-cols-4">
        {figures.map(({ label, value }) => (
          <div key={label}>
            <dt className="text-sm font-medium text-slate-600">{label}</dt>
            <dd className="mt-1 text-xl font-semibold tracking-tight tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}

/** the team's figures: the same widgets as a card's over every card in reach, and a row a card */
export function TeamAnalyticsPage() {
  const queryClient = useQueryClient();
  const { teamId, isAdmin } = useCurrentTeam();
  const [days, setDays] = useState<PeriodDays>(DEFAULT_PERIOD);
  const [memberId, setMemberId] = useState<string | null>(null);
  const members = useTeamMembers(teamId, isAdmin);
  const analytics = useTeamAnalytics(teamId, days, memberId);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: teamKeys.analytics(teamId) });
  const data = analytics.data;

  return (
    <section aria-labelledby="team-analytics-title">
      <SectionHeader
        id="team-analytics-title"
        title="Analytics"
        description={
          isAdmin ? 'Visits and what visitors did, over every card of the team' : 'Your team cards'
        }
      />
      <Card className="mb-6 flex flex-col gap-4 p-4 sm:flex-row sm:flex-wrap sm:items-end">
        {isAdmin && members.data ? (
          <MemberFilter
            id="team-analytics-member"
            members={members.data}
            value={memberId}
            onValueChange={setMemberId}
          />
        ) : null}
        <PeriodSelect id="team-analytics-period" value={days} onValueChange={setDays} />
        <Button variant="outline" onClick={refresh} disabled={analytics.isFetching} className="sm:ml-auto">
          <RefreshCw className={analytics.isFetching ? 'animate-spin' : undefined} aria-hidden="true" />
          Refresh
        </Button>
      </Card>
      {analytics.isPending ? (
        <div className="space-y-6" aria-busy="true">
          <div className="grid grid-cols-2 gap-4 xl:grid-cols-4">
            {Array.from({ length: 4 }, (_, i) => (
              <Skeleton key={i} className="h-28 rounded-(--radius-card)" />
            ))}
          </div>
          <Skeleton className="h-80 rounded-(--radius-card)" />
          <span className="sr-only">Loading analytics</span>
        </div>
      ) : analytics.isError ? (
        <AnalyticsLoadError error={analytics.error} onRetry={refresh} retrying={analytics.isFetching} />
      ) : !data || data.cards.length === 0 ? (
        <EmptyState
          icon={BarChart3}
          title="No published team cards"
          description="Figures show here once a team card is published and visited."
        />
      ) : (
        <div className="space-y-6">
          <StatCards summary={data.summary} />
          <Totals rows={data.cards} />
          <TeamCardsTable rows={data.cards} />
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
        </div>
      )}
    </section>
  );
}
