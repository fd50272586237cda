import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { ChartEmpty } from './chart-empty';
import { CHART_GRID, CHART_TOOLTIP, CHART_X_AXIS, CHART_Y_AXIS } from './chart-style';
import type { AnalyticsOverviewResponse } from '@cardcraft/contracts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useLanguage } from '@/i18n/use-language';
import { bucketLabel, bucketTitle } from '../utils/zoned-format';
import { chartLabel } from './chart-label';

/** the cards drawn a line each; the rest are summed into Other */
export const OVERVIEW_LINES = 8;
// each at least 4.5:1 on white: the legend and the tooltip write the cards' names in them
const COLOURS = ['#4f46e5', '#0f766e', '#b45309', '#be185d', '#1d4ed8', '#4d7c0f', '#6d28d9', '#b91c1c'];
const OTHER_COLOUR = '#64748b';

export interface OverviewSeries {
  key: string;
  name: string;
  colour: string;
  values: number[];
}

/** the most visited cards a line each, beyond OVERVIEW_LINES the rest summed into "Other" */
export function overviewSeries(overview: AnalyticsOverviewResponse, t: TFunction): OverviewSeries[] {
  const byVisits = [...overview.cards].sort((a, b) => b.visits - a.visits);
  const top = byVisits.length > OVERVIEW_LINES ? byVisits.slice(0, OVERVIEW_LINES - 1) : byVisits;
  const rest = byVisits.slice(top.length);
  const series = top.map((card, i) => ({
    key: `card-${i}`,
    name: card.displayName,
    colour: COLOURS[i % COLOURS.length],
    values: card.series,
  }));
  if (rest.length > 0) {
    const values = overview.buckets.map((_, b) => rest.reduce((sum, card) => sum + (card.series[b] ?? 0), 0));
    const name = t('overview.other', { ns: 'analytics', count: rest.length });
    series.push({ key: 'other', name, colour: OTHER_COLOUR, values });
  }
  return series;
}

export function OverviewChart({ overview }: { overview: AnalyticsOverviewResponse }) {
  const { t } = useTranslation('analytics');
  const language = useLanguage();
  const series = overviewSeries(overview, t);
  const { granularity, timeZone } = overview;
  const data = overview.buckets.map((bucket, b) => ({
    label: bucketLabel(bucket, granularity, timeZone, language),
    title: bucketTitle(bucket, granularity, timeZone, language),
    ...Object.fromEntries(series.map((line) => [line.key, line.values[b] ?? 0])),
  }));
  const total = overview.totals.visits;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('overview.chartTitle')}</CardTitle>
        <CardDescription>
          {overview.cards.length > OVERVIEW_LINES
            ? t('overview.chartTop', { lines: OVERVIEW_LINES - 1, zone: timeZone })
            : t('overview.chartEach', { zone: timeZone })}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <div
          className="h-72 w-full"
          role="img"
          aria-label={t('overview.chartLabel', {
            chart: chartLabel(t, total, data.length, granularity),
            series: series.length,
            names: series.map((s) => s.name).join(', '),
          })}
        >
          {total > 0 ? (
            <ResponsiveContainer width="100%" height="100%">
              <LineChart data={data} margin={{ top: 4, right: 8, left: -16, bottom: 0 }}>
                <CartesianGrid {...CHART_GRID} />
                <XAxis {...CHART_X_AXIS} />
                <YAxis {...CHART_Y_AXIS} />
                <Tooltip {...CHART_TOOLTIP} />
                <Legend wrapperStyle={{ fontSize: 12 }} />
                {series.map((line) => (
                  <Line
                    key={line.key}
                    type="monotone"
                    dataKey={line.key}
                    name={line.name}
                    stroke={line.colour}
                    strokeWidth={2}
                    dot={false}
                    isAnimationActive={false}
                  />
                ))}
              </LineChart>
            </ResponsiveContainer>
          ) : (
            <ChartEmpty />
          )}
        </div>
      </CardContent>
    </Card>
  );
}
