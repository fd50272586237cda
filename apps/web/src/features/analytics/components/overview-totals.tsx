import type { AnalyticsOverviewResponse } from '@cardcraft/contracts';
import { Card } from '@/components/ui/card';
import { changeText } from '../utils/analytics-format';

const number = new Intl.NumberFormat('en');
const percent = new Intl.NumberFormat('en', { style: 'percent', maximumFractionDigits: 1 });

/** the cards' totals for the period, each with its change against the comparison */
export function OverviewTotals({ overview }: { overview: AnalyticsOverviewResponse }) {
  const { totals, comparison } = overview;
  const figures = [
    { label: 'Visits', value: totals.visits, change: comparison.changePercent.visits },
    {
      label: 'Unique visitors',
      value: totals.uniqueVisitors,
      change: comparison.changePercent.uniqueVisitors,
    },
    { label: 'Saves', value: totals.saves, change: comparison.changePercent.saves },
    { label: 'Messages', value: totals.messages, change: comparison.changePercent.messages },
  ];
  const before = comparison.previous.conversion;
  const against = comparison.kind === 'year' ? 'vs last year' : 'vs period before';
  return (
    <Card className="p-4 sm:p-5">
      <dl className="grid grid-cols-2 gap-4 sm:grid-cols-5">
        {figures.map(({ label, value, change }) => (
          <div key={label}>
            <dt className="text-sm font-medium text-slate-600">{label}</dt>
            <dd className="mt-1 text-xl font-semibold tracking-tight tabular-nums">{number.format(value)}</dd>
            <dd
              className={`text-xs font-medium tabular-nums ${
                change === null || change === 0
                  ? 'text-muted-foreground'
                  : change > 0
                    ? 'text-emerald-700'
                    : 'text-rose-700'
              }`}
            >
              {changeText(change, value)} <span className="font-normal text-muted-foreground">{against}</span>
            </dd>
          </div>
        ))}
        <div>
          <dt className="text-sm font-medium text-slate-600">Conversion</dt>
          <dd className="mt-1 text-xl font-semibold tracking-tight tabular-nums">
            {totals.conversion === null ? '—' : percent.format(totals.conversion)}
          </dd>
          <dd className="text-xs text-muted-foreground tabular-nums">
            before: {before === null ? '—' : percent.format(before)}
          </dd>
        </div>
      </dl>
    </Card>
  );
}
