import type { AnalyticsReportFrequency } from '@cardcraft/contracts';
import { dateKey, datesBetween, startOfDay, wallClock } from './zoned-time';

/** the period a report covers, in the owner's zone */
export interface ReportPeriod {
  frequency: 'weekly' | 'monthly';
  /** what the send record is keyed by: one report per owner and key */
  key: string;
  /** the first instant of the period's first day and the last of its last day, in the zone */
  from: Date;
  to: Date;
  /** what it is compared with: the week before, or the calendar month before */
  before: { from: Date; to: Date };
  /** its days, YYYY-MM-DD, in order */
  days: string[];
  /** "2 – 8 March 2026" or "February 2026" */
  label: string;
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

function dayLabel(date: string, withYear: boolean): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return `${day} ${MONTHS[month - 1]}${withYear ? ` ${year}` : ''}`;
}

/**
 * the report due at `now` in the zone, or null: on a Monday the week (Monday to Sunday) before it, on
 * the 1st the month before it. due the whole of that day, so an hourly tick missed by a restart is
 * made up by the next one
 */
export function duePeriod(frequency: AnalyticsReportFrequency, now: Date, zone: string): ReportPeriod | null {
  const today = wallClock(now, zone);
  if (frequency === 'weekly' && today.weekday === 1) {
    const from = startOfDay(today.year, today.month, today.day - 7, zone);
    const to = new Date(startOfDay(today.year, today.month, today.day, zone).getTime() - 1);
    const first = dateKey(today.year, today.month, today.day - 7);
    const last = dateKey(today.year, today.month, today.day - 1);
    const sameYear = first.slice(0, 4) === last.slice(0, 4);
    const sameMonth = first.slice(0, 7) === last.slice(0, 7);
    return {
      frequency,
      key: `report:weekly:${first}`,
      from,
      to,
      before: {
        from: startOfDay(today.year, today.month, today.day - 14, zone),
        to: new Date(from.getTime() - 1),
      },
      days: datesBetween(first, last),
      label: sameMonth
        ? `${Number(first.slice(8, 10))} – ${dayLabel(last, true)}`
        : `${dayLabel(first, !sameYear)} – ${dayLabel(last, true)}`,
    };
  }
  if (frequency === 'monthly' && today.day === 1) {
    const from = startOfDay(today.year, today.month - 1, 1, zone);
    const to = new Date(startOfDay(today.year, today.month, 1, zone).getTime() - 1);
    const first = dateKey(today.year, today.month - 1, 1);
    const last = dateKey(today.year, today.month, 0);
    const [year, month] = first.split('-').map(Number) as [number, number];
    return {
      frequency,
      key: `report:monthly:${first.slice(0, 7)}`,
      from,
      to,
      // the month before, as long as it is: September's 30 days against October's 31
      before: { from: startOfDay(today.year, today.month - 2, 1, zone), to: new Date(from.getTime() - 1) },
      days: datesBetween(first, last),
      label: `${MONTHS[month - 1]} ${year}`,
    };
  }
  return null;
}
