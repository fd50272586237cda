import type { TFunction } from 'i18next';

/** "Chart of 12 visits over 30 days": what assistive technology hears of a chart's frame */
export function chartLabel(
  t: TFunction,
  visits: number,
  buckets: number,
  granularity: 'hour' | 'day',
): string {
  const ns = 'analytics';
  return t('chart.label', {
    ns,
    visits: t('chart.visits', { ns, count: visits }),
    span: t(granularity === 'hour' ? 'chart.hours' : 'chart.days', { ns, count: buckets }),
  });
}
