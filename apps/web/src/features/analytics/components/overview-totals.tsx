import { useTranslation } from 'react-i18next';
import type { AnalyticsOverviewResponse } from '@cardcraft/contracts';
import { Card } from '@/components/ui/card';
import { useLanguage } from '@/i18n/use-language';
import { changeText, formatNumber, formatPercent } from '../utils/analytics-format';

/** the cards' totals for the period, each with its change against the comparison */
export function OverviewTotals({ overview }: { overview: AnalyticsOverviewResponse }) {
  const { t } = useTranslation('analytics');
  const language = useLanguage();
  const { totals, comparison } = overview;
  const figures = [
    { label: t('figures.visits'), value: totals.visits, change: comparison.changePercent.visits },
    {
      label: t('figures.uniqueVisitors'),
      value: totals.uniqueVisitors,
      change: comparison.changePercent.uniqueVisitors,
    },
    { label: t('figures.saves'), value: totals.saves, change: comparison.changePercent.saves },
    { label: t('figures.messages'), value: totals.messages, change: comparison.changePercent.messages },
  ];
  const before = comparison.previous.conversion;
  const against = comparison.kind === 'year' ? t('change.vsYear') : t('change.vsPrevious');
  return (
    <Card className="p-4 sm:p-5">
      <dl className="grid grid-cols-2 gap-4 sm:grid-cols-5">
        {figures.map(({ label, value, change }) => (
          <div key={label}>
            <dt className="text-sm font-medium text-slate-600">{label}</dt>
            <dd className="mt-1 text-xl font-semibold tracking-tight tabular-nums">
              {formatNumber(value, language)}
            </dd>
            <dd
              className={`text-xs font-medium tabular-nums ${
                change === null || change === 0
                  ? 'text-muted-foreground'
                  : change > 0
                    ? 'text-emerald-700'
                    : 'text-rose-700'
              }`}
            >
              {changeText(change, value, t, language)}{' '}
              <span className="font-normal text-muted-foreground">{against}</span>
            </dd>
          </div>
        ))}
        <div>
          <dt className="text-sm font-medium text-slate-600">{t('figures.conversion')}</dt>
          <dd className="mt-1 text-xl font-semibold tracking-tight tabular-nums">
            {totals.conversion === null ? '—' : formatPercent(totals.conversion, language)}
          </dd>
          <dd className="text-xs text-muted-foreground tabular-nums">
            {t('change.before', { value: before === null ? '—' : formatPercent(before, language) })}
          </dd>
        </div>
      </dl>
    </Card>
  );
}
