import { useTranslation } from 'react-i18next';

/** what a chart's frame shows when the period has no visits */
export function ChartEmpty() {
  const { t } = useTranslation('analytics');
  return (
    <div className="flex h-full items-center justify-center rounded-lg border border-dashed border-slate-300 text-sm text-muted-foreground">
      {t('empty.visits')}
    </div>
  );
}
