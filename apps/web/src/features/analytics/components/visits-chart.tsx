import { useTranslation } from 'react-i18next';
import { Area, AreaChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { ChartEmpty } from './chart-empty';
import { chartLabel } from './chart-label';
import { CHART_GRID, CHART_TOOLTIP, CHART_TOOLTIP_TEXT, CHART_X_AXIS, CHART_Y_AXIS } from './chart-style';
import {
  Bookmark,
  Mail,
  MessageSquare,
  MousePointerClick,
  Phone,
  Share2,
  type LucideIcon,
} from 'lucide-react';
import type { VisitSummaryResponse } from '@cardcraft/contracts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useLanguage } from '@/i18n/use-language';
import { ENGAGEMENT_TYPES, formatNumber } from '../utils/analytics-format';
import { bucketLabel, bucketTitle } from '../utils/zoned-format';

const ENGAGEMENT_ICONS: Record<(typeof ENGAGEMENT_TYPES)[number], LucideIcon> = {
  vcard_saved: Bookmark,
  shared: Share2,
  email_clicked: Mail,
  call_clicked: Phone,
  link_clicked: MousePointerClick,
  message_sent: MessageSquare,
};

export function VisitsChart({ summary }: { summary: VisitSummaryResponse }) {
  const { t } = useTranslation('analytics');
  const language = useLanguage();
  const granularity = summary.timeSeries?.granularity ?? 'day';
  // the buckets are the zone's days and hours: named in it too
  const timeZone = summary.timeZone || 'UTC';
  const data = (summary.timeSeries?.points ?? []).map((p) => ({
    label: bucketLabel(p.bucketUtc, granularity, timeZone, language),
    title: bucketTitle(p.bucketUtc, granularity, timeZone, language),
    visits: p.visits,
    unique: p.uniqueVisitors,
  }));
  const hasData = data.some((d) => d.visits > 0);

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('chart.title')}</CardTitle>
        <CardDescription>{t('chart.description', { zone: timeZone })}</CardDescription>
      </CardHeader>
      <CardContent>
        <div className="mb-3 flex items-center gap-4 text-xs text-slate-600">
          <span className="inline-flex items-center gap-1.5">
            <span className="size-2.5 rounded-full bg-indigo-600" aria-hidden="true" />
            {t('figures.visits')}
          </span>
          <span className="inline-flex items-center gap-1.5">
            <span className="size-2.5 rounded-full bg-teal-500" aria-hidden="true" />
            {t('figures.uniqueVisitors')}
          </span>
        </div>
        <div
          className="h-64 w-full"
          role="img"
          aria-label={chartLabel(
            t,
            data.reduce((n, d) => n + d.visits, 0),
            data.length,
            granularity,
          )}
        >
          {hasData ? (
            <ResponsiveContainer width="100%" height="100%">
              <AreaChart data={data} margin={{ top: 4, right: 8, left: -16, bottom: 0 }}>
                <defs>
                  <linearGradient id="visitsFill" x1="0" y1="0" x2="0" y2="1">
                    <stop offset="0%" stopColor="#4f46e5" stopOpacity={0.25} />
                    <stop offset="100%" stopColor="#4f46e5" stopOpacity={0} />
                  </linearGradient>
                  <linearGradient id="uniqueFill" x1="0" y1="0" x2="0" y2="1">
                    <stop offset="0%" stopColor="#14b8a6" stopOpacity={0.2} />
                    <stop offset="100%" stopColor="#14b8a6" stopOpacity={0} />
                  </linearGradient>
                </defs>
                <CartesianGrid {...CHART_GRID} />
                <XAxis {...CHART_X_AXIS} />
                <YAxis {...CHART_Y_AXIS} />
                {/* the unique visitors' teal is a line's colour, too light for text (2.5:1 on white) */}
                <Tooltip {...CHART_TOOLTIP} itemStyle={CHART_TOOLTIP_TEXT} />
                <Area
                  type="monotone"
                  dataKey="visits"
                  name={t('figures.visits')}
                  stroke="#4f46e5"
                  strokeWidth={2}
                  fill="url(#visitsFill)"
                  isAnimationActive={false}
                />
                <Area
                  type="monotone"
                  dataKey="unique"
                  name={t('figures.uniqueVisitors')}
                  stroke="#14b8a6"
                  strokeWidth={2}
                  fill="url(#uniqueFill)"
                  isAnimationActive={false}
                />
              </AreaChart>
            </ResponsiveContainer>
          ) : (
            <ChartEmpty />
          )}
        </div>
      </CardContent>
    </Card>
  );
}

export function EngagementCard({ summary }: { summary: VisitSummaryResponse }) {
  const { t } = useTranslation('analytics');
  const language = useLanguage();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('engagement.title')}</CardTitle>
        <CardDescription>{t('engagement.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          {ENGAGEMENT_TYPES.map((type) => {
            const Icon = ENGAGEMENT_ICONS[type];
            return (
              <li key={type} className="rounded-lg border border-border bg-background/60 p-3">
                <div className="flex items-center gap-2 text-xs font-medium text-slate-600">
                  <Icon className="size-3.5" aria-hidden="true" />
                  {t(`engagement.${type}`)}
                </div>
                <p className="mt-1 text-xl font-semibold tabular-nums">
                  {formatNumber(summary.engagement?.[type] ?? 0, language)}
                </p>
              </li>
            );
          })}
        </ul>
      </CardContent>
    </Card>
  );
}
