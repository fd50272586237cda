import { Eye, Fingerprint, UserCheck, UserRound, type LucideIcon } from 'lucide-react';
import type { VisitSummaryResponse } from '@cardcraft/contracts';
import { Card } from '@/components/ui/card';
import { changeText } from '../utils/analytics-format';

const STATS: {
  key: keyof VisitSummaryResponse;
  title: string;
  caption: string;
  icon: LucideIcon;
  tone: string;
}[] = [
  {
    key: 'totalVisits',
    title: 'Total Visits',
    caption: 'All profile views',
    icon: Eye,
    tone: 'bg-indigo-50 text-indigo-600',
  },
  {
    key: 'uniqueVisitors',
    title: 'Unique Visitors',
    caption: 'Distinct visitors',
    icon: Fingerprint,
    tone: 'bg-violet-50 text-violet-600',
  },
  {
    key: 'authenticatedVisits',
    title: 'Authenticated Visits',
    caption: 'Logged-in users',
    icon: UserCheck,
    tone: 'bg-emerald-50 text-emerald-700',
  },
  {
    key: 'guestVisits',
    title: 'Guest Visits',
    caption: 'Anonymous visitors',
    icon: UserRound,
    tone: 'bg-amber-50 text-amber-700',
  },
];

const number = new Intl.NumberFormat('en');

/** the figures the comparison has a change for */
const COMPARED_KEYS = { totalVisits: 'visits', uniqueVisitors: 'uniqueVisitors' } as const;

function Change({
  summary,
  statKey,
}: {
  summary: VisitSummaryResponse;
  statKey: keyof typeof COMPARED_KEYS;
}) {
  const change = summary.comparison?.changePercent?.[COMPARED_KEYS[statKey]];
  if (change === undefined) return null;
  const tone =
    change === null || change === 0
      ? 'text-muted-foreground'
      : change > 0
        ? 'text-emerald-700'
        : 'text-rose-700';
  const against = summary.comparison.kind === 'year' ? 'vs last year' : 'vs period before';
  return (
    <span className={`text-xs font-medium tabular-nums ${tone}`}>
      {changeText(change, Number(summary[statKey]) || 0)}{' '}
      <span className="font-normal text-muted-foreground">{against}</span>
    </span>
  );
}

export function StatCards({ summary }: { summary: VisitSummaryResponse }) {
  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
      {STATS.map(({ key, title, caption, icon: Icon, tone }) => (
        <Card key={key} className="p-4 sm:p-5">
          <div className="flex items-start justify-between gap-2">
            <p className="text-sm font-medium text-slate-600">{title}</p>
            <span className={`hidden size-8 items-center justify-center rounded-lg sm:flex ${tone}`}>
              <Icon className="size-4" aria-hidden="true" />
            </span>
          </div>
          <p
            className="mt-2 text-2xl font-semibold tracking-tight tabular-nums sm:text-3xl"
            data-testid={`stat-${key}`}
          >
            {number.format(Number(summary[key]) || 0)}
          </p>
          {key === 'totalVisits' || key === 'uniqueVisitors' ? (
            <Change summary={summary} statKey={key} />
          ) : null}
          <p className="mt-1 text-xs text-muted-foreground">
            {key === 'uniqueVisitors' && !summary.uniqueVisitorsAccuracy.exact
              ? `Estimate, within about ${summary.uniqueVisitorsAccuracy.standardError * 100} %`
              : caption}
          </p>
        </Card>
      ))}
    </div>
  );
}
