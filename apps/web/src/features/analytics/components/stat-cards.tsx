import { useTranslation } from 'react-i18next';
import { Eye, Fingerprint, UserCheck, UserRound, type LucideIcon } from 'lucide-react';
import type { VisitSummaryResponse } from '@cardcraft/contracts';
import { Card } from '@/components/ui/card';
import { useLanguage } from '@/i18n/use-language';
import { changeText, formatNumber, percentText } from '../utils/analytics-format';

/** the four figures; each is named by `stats.{key}.title` and `stats.{key}.caption` */
const STATS: {
  key: 'totalVisits' | 'uniqueVisitors' | 'authenticatedVisits' | 'guestVisits';
  icon: LucideIcon;
  tone: string;
}[] = [
  { key: 'totalVisits', icon: Eye, tone: 'bg-indigo-50 text-indigo-600' },
  { key: 'uniqueVisitors', icon: Fingerprint, tone: 'bg-violet-50 text-violet-600' },
  { key: 'authenticatedVisits', icon: UserCheck, tone: 'bg-emerald-50 text-emerald-700' },
  { key: 'guestVisits', icon: UserRound, tone: 'bg-amber-50 text-amber-700' },
];

/** the figures the comparison has a change for */
const COMPARED_KEYS = { totalVisits: 'visits', uniqueVisitors: 'uniqueVisitors' } as const;

function Change({
  summary,
  statKey,
}: {
  summary: VisitSummaryResponse;
  statKey: keyof typeof COMPARED_KEYS;
}) {
  const { t } = useTranslation('analytics');
  const language = useLanguage();
  const change = summary.comparison?.changePercent?.[COMPARED_KEYS[statKey]];
  if (change === undefined) return null;
  const tone =
    change === null || change === 0
      ? 'text-muted-foreground'
      : change > 0
        ? 'text-emerald-700'
        : 'text-rose-700';
  const against = summary.comparison.kind === 'year' ? t('change.vsYear') : t('change.vsPrevious');
  return (
    <span className={`text-xs font-medium tabular-nums ${tone}`}>
      {changeText(change, Number(summary[statKey]) || 0, t, language)}{' '}
      <span className="font-normal text-muted-foreground">{against}</span>
    </span>
  );
}

export function StatCards({ summary }: { summary: VisitSummaryResponse }) {
  const { t } = useTranslation('analytics');
  const language = useLanguage();
  const { exact, standardError } = summary.uniqueVisitorsAccuracy;
  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
      {STATS.map(({ key, icon: Icon, tone }) => (
        <Card key={key} className="p-4 sm:p-5">
          <div className="flex items-start justify-between gap-2">
            <p className="text-sm font-medium text-slate-600">{t(`stats.${key}.title`)}</p>
            <span className={`hidden size-8 items-center justify-center rounded-lg sm:flex ${tone}`}>
              <Icon className="size-4" aria-hidden="true" />
            </span>
          </div>
          <p
            className="mt-2 text-2xl font-semibold tracking-tight tabular-nums sm:text-3xl"
            data-testid={`stat-${key}`}
          >
            {formatNumber(Number(summary[key]) || 0, language)}
          </p>
          {key === 'totalVisits' || key === 'uniqueVisitors' ? (
            <Change summary={summary} statKey={key} />
          ) : null}
          <p className="mt-1 text-xs text-muted-foreground">
            {key === 'uniqueVisitors' && !exact
              ? t('stats.estimate', { within: percentText(standardError * 100, t, language, 2) })
              : t(`stats.${key}.caption`)}
          </p>
        </Card>
      ))}
    </div>
  );
}
