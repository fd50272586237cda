import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Globe2, X } from 'lucide-react';
import {
  ANALYTICS_FILTER_KEYS,
  ANALYTICS_MAX_RANGE_DAYS,
  type AnalyticsComparison,
  type AnalyticsFilterKey,
  type AnalyticsFilters,
} from '@cardcraft/contracts';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { useLanguage } from '@/i18n/use-language';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import type { AnalyticsViewControls } from '../hooks/use-analytics-view';
import { dayRangeText, type ResolvedRange } from '../utils/date-range';
import { filterText } from '../utils/filter-labels';
import { RangePicker } from './range-picker';

/** the comparisons offered; each is named by `compare.{value}` in the catalogue */
const COMPARISONS: AnalyticsComparison[] = ['previous', 'year'];

export function CompareSelect({
  id,
  value,
  onChange,
}: {
  id: string;
  value: AnalyticsComparison;
  onChange: (value: AnalyticsComparison) => void;
}) {
  const { t } = useTranslation('analytics');
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{t('compare.label')}</Label>
      <Select value={value} onValueChange={(next) => onChange(next === 'year' ? 'year' : 'previous')}>
        <SelectTrigger id={id} className="w-full sm:w-52">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {COMPARISONS.map((option) => (
            <SelectItem key={option} value={option}>
              {t(`compare.${option}`)}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}

/** the filters in force, each a chip that removes it ("Country is Germany ×") */
export function FilterChips({
  filters,
  onRemove,
  onClear,
}: {
  filters: AnalyticsFilters;
  onRemove: (key: AnalyticsFilterKey) => void;
  onClear: () => void;
}) {
  const { t } = useTranslation('analytics');
  const language = useLanguage();
  const active = ANALYTICS_FILTER_KEYS.filter((key) => filters[key]);
  if (active.length === 0) return null;
  return (
    <div className="flex flex-wrap items-center gap-2" role="group" aria-label={t('filters.group')}>
      {active.map((key) => {
        const text = filterText(key, filters[key] ?? '', t, language);
        return (
          <span
            key={key}
            className="inline-flex max-w-full items-center gap-1 rounded-full border border-primary/30 bg-primary/10 py-0.5 pr-0.5 pl-3 text-sm text-foreground"
          >
            <span className="truncate">{text}</span>
            <button
              type="button"
              onClick={() => onRemove(key)}
              aria-label={t('filters.remove', { filter: text })}
              className="inline-flex size-7 shrink-0 items-center justify-center rounded-full hover:bg-primary/15 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring"
            >
              <X className="size-3.5" aria-hidden="true" />
            </button>
          </span>
        );
      })}
      {active.length > 1 ? (
        <Button variant="link" size="sm" onClick={onClear}>
          {t('filters.clear')}
        </Button>
      ) : null}
    </div>
  );
}

/** what the range covers, said plainly: its days, the zone, and a start moved to fit the api's limit */
export function RangeNote({
  range,
  timeZone,
  allTime,
}: {
  range: ResolvedRange;
  timeZone: string;
  allTime: boolean;
}) {
  const { t } = useTranslation('analytics');
  const language = useLanguage();
  return (
    <p className="flex flex-wrap items-center gap-x-1.5 text-xs text-slate-600" data-testid="range-note">
      <Globe2 className="size-3.5" aria-hidden="true" />
      <span>
        {t('range.note', { range: dayRangeText(range.firstDay, range.lastDay, language), zone: timeZone })}
      </span>
      {range.shortened || allTime ? (
        <span>
          {t(range.shortened ? 'range.shortened' : 'range.limit', { days: ANALYTICS_MAX_RANGE_DAYS })}
        </span>
      ) : null}
    </p>
  );
}

/**
 * the controls of a board: before them whatever the page adds (a card picker), the period and the
 * comparison, after them the page's buttons (Refresh); under them the range's note and the filters' chips
 */
export function AnalyticsControls({
  idPrefix,
  controls,
  range,
  timeZone,
  leading,
  trailing,
}: {
  idPrefix: string;
  controls: AnalyticsViewControls;
  range: ResolvedRange | null;
  timeZone: string;
  leading?: ReactNode;
  trailing?: ReactNode;
}) {
  const { view } = controls;
  return (
    <Card className="mb-6 space-y-3 p-4">
      <div className="flex flex-col gap-4 sm:flex-row sm:flex-wrap sm:items-end">
        {leading}
        <RangePicker
          id={`${idPrefix}-period`}
          value={view.range}
          timeZone={timeZone}
          onChange={controls.setRange}
        />
        <CompareSelect id={`${idPrefix}-compare`} value={view.compare} onChange={controls.setCompare} />
        {trailing ? <div className="flex gap-2 sm:ml-auto">{trailing}</div> : null}
      </div>
      {range ? (
        <RangeNote
          range={range}
          timeZone={timeZone}
          allTime={'preset' in view.range && view.range.preset === 'all'}
        />
      ) : null}
      <FilterChips filters={view.filters} onRemove={controls.removeFilter} onClear={controls.clearFilters} />
    </Card>
  );
}
