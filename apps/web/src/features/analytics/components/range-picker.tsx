import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TZDate } from '@date-fns/tz';
import type { DateRange } from 'react-day-picker';
import { CalendarDays } from 'lucide-react';
import { ANALYTICS_MAX_RANGE_DAYS } from '@cardcraft/contracts';
import { Button } from '@/components/ui/button';
import { Calendar } from '@/components/ui/calendar';
import { Label } from '@/components/ui/label';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { useLanguage } from '@/i18n/use-language';
import { useMediaQuery } from '@/lib/use-media-query';
import {
  dayInZone,
  dayRangeText,
  daysBetween,
  isPresetKey,
  RANGE_PRESETS,
  type DayKey,
  type RangeSelection,
} from '../utils/date-range';
import { useCalendarLocale } from './calendar-locale';

const CUSTOM = 'custom';
/** from the small breakpoint on, the calendar shows two months: a range across a month's end in one view */
const TWO_MONTHS = '(min-width: 640px)';

/** a day as the calendar holds it: that day's midnight in the zone */
function dateOf(day: DayKey, timeZone: string): Date {
  const [year, month, date] = day.split('-').map(Number);
  return new TZDate(year, month - 1, date, timeZone);
}

/** the first day of the month before the day's */
function monthBefore(day: DayKey, timeZone: string): Date {
  const [year, month] = day.split('-').map(Number);
  return new TZDate(year, month - 2, 1, timeZone);
}

/**
 * a click on the calendar: the first day of a new range when none is begun (or one is whole), else
 * the other end of the one begun, whichever side of its first day it falls
 */
export function nextDraft(current: DateRange | undefined, day: Date): DateRange {
  if (!current?.from || current.to) return { from: day, to: undefined };
  return day < current.from ? { from: day, to: current.from } : { from: current.from, to: day };
}

/**
 * the period: a preset, or Custom, which opens a calendar to pick the first and the last day. the
 * calendar counts days in the owner's zone, and days to come cannot be picked
 */
export function RangePicker({
  id,
  value,
  timeZone,
  onChange,
}: {
  id: string;
  value: RangeSelection;
  timeZone: string;
  onChange: (range: RangeSelection) => void;
}) {
  const { t } = useTranslation('analytics');
  const language = useLanguage();
  const calendarLocale = useCalendarLocale(language);
  const [open, setOpen] = useState(false);
  const custom = 'from' in value ? value : null;
  const [draft, setDraft] = useState<DateRange | undefined>(undefined);
  // today, as of when the calendar opened: days after it cannot be picked
  const [today, setToday] = useState(() => dayInZone(new Date(), timeZone));
  const twoMonths = useMediaQuery(TWO_MONTHS);

  const openCalendar = (next: boolean) => {
    if (next) {
      setToday(dayInZone(new Date(), timeZone));
      setDraft(custom ? { from: dateOf(custom.from, timeZone), to: dateOf(custom.to, timeZone) } : undefined);
    }
    setOpen(next);
  };
  const first = draft?.from ? dayInZone(draft.from, timeZone) : null;
  const last = draft?.to ? dayInZone(draft.to, timeZone) : first;
  const tooLong = first && last ? daysBetween(first, last) + 1 > ANALYTICS_MAX_RANGE_DAYS : false;

  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{t('range.period')}</Label>
      <div className="flex gap-2">
        <Select
          value={custom ? CUSTOM : 'preset' in value ? value.preset : CUSTOM}
          onValueChange={(next) => {
            if (isPresetKey(next)) onChange({ preset: next });
            else openCalendar(true);
          }}
        >
          <SelectTrigger id={id} className="w-full sm:w-44">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {RANGE_PRESETS.map((preset) => (
              <SelectItem key={preset} value={preset}>
                {t(`presets.${preset}`)}
              </SelectItem>
            ))}
            <SelectItem value={CUSTOM}>{t('range.custom')}</SelectItem>
          </SelectContent>
        </Select>
        <Popover open={open} onOpenChange={openCalendar}>
          <PopoverTrigger asChild>
            <Button
              variant="outline"
              className="min-w-0"
              aria-label={
                custom
                  ? t('range.chooseNow', { range: dayRangeText(custom.from, custom.to, language) })
                  : t('range.choose')
              }
            >
              <CalendarDays aria-hidden="true" />
              <span className="truncate">
                {custom ? dayRangeText(custom.from, custom.to, language) : t('range.dates')}
              </span>
            </Button>
          </PopoverTrigger>
          <PopoverContent aria-label={t('range.chooseDays')} className="w-auto">
            <Calendar
              mode="range"
              timeZone={timeZone}
              locale={calendarLocale}
              selected={draft}
              onSelect={(_, day) => setDraft((current) => nextDraft(current, day))}
              numberOfMonths={twoMonths ? 2 : 1}
              // two months side by side show no other month's days: each day is on the grid once
              showOutsideDays={!twoMonths}
              // this month on the right, last month beside it; a range begun earlier from its month
              defaultMonth={
                draft?.from ?? (twoMonths ? monthBefore(today, timeZone) : dateOf(today, timeZone))
              }
              disabled={{ after: dateOf(today, timeZone) }}
              endMonth={dateOf(today, timeZone)}
              autoFocus
            />
            <div className="mt-3 space-y-2 border-t border-border pt-3">
              <p className="text-sm" aria-live="polite">
                {first && last ? dayRangeText(first, last, language) : t('range.pick')}
              </p>
              {tooLong ? (
                <p className="text-xs text-destructive" role="alert">
                  {t('range.tooLong', { days: ANALYTICS_MAX_RANGE_DAYS })}
                </p>
              ) : null}
              <div className="flex justify-end gap-2">
                <Button variant="ghost" size="sm" onClick={() => setOpen(false)}>
                  {t('range.cancel')}
                </Button>
                <Button
                  size="sm"
                  disabled={!first || !last || tooLong}
                  onClick={() => {
                    if (!first || !last) return;
                    onChange({ from: first, to: last });
                    setOpen(false);
                  }}
                >
                  {t('range.apply')}
                </Button>
              </div>
            </div>
          </PopoverContent>
        </Popover>
      </div>
    </div>
  );
}
