import { TZDate } from '@date-fns/tz';
import { ANALYTICS_MAX_RANGE_DAYS } from '@cardcraft/contracts';
import type { Language } from '@cardcraft/contracts/languages';
import { dateLocale } from './zoned-format';

/**
 * a dashboard range as the owner says it (a preset, or a first and a last day), turned into the two
 * instants the api reads. every day starts at the owner's zone's midnight, so a day is 23, 24 or 25
 * hours long and a half-hour zone (Asia/Kolkata) starts at :30 past a UTC hour.
 */

/** a calendar day, YYYY-MM-DD, with no zone of its own */
export type DayKey = string;

/** the presets, in the order they are offered; each is named by `presets.{key}` in the catalogue */
export const RANGE_PRESETS = [
  'today',
  'yesterday',
  '7d',
  '30d',
  '90d',
  'month',
  'last-month',
  'year',
  'all',
] as const;
export type RangePresetKey = (typeof RANGE_PRESETS)[number];
export const DEFAULT_PRESET: RangePresetKey = '30d';

export type RangeSelection = { preset: RangePresetKey } | { from: DayKey; to: DayKey };

export interface ResolvedRange {
  /** the first instant of the first day, ISO */
  from: string;
  /** the last instant of the last day, or now when the range ends today, ISO */
  to: string;
  firstDay: DayKey;
  lastDay: DayKey;
  /** the asked range was longer than the api reads at once, so its start was moved forward */
  shortened: boolean;
}

const DAY_MS = 86_400_000;
const DAY_KEY = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isPresetKey(value: string | null): value is RangePresetKey {
  return RANGE_PRESETS.some((preset) => preset === value);
}

/** a real calendar day written YYYY-MM-DD (2026-02-30 is not one) */
export function isDayKey(value: string | null): value is DayKey {
  const match = value ? DAY_KEY.exec(value) : null;
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === value;
}

function dayParts(day: DayKey): [number, number, number] {
  const [year, month, date] = day.split('-').map(Number);
  return [year, month - 1, date];
}

/** the day n days after (or before, n < 0) a day */
export function shiftDay(day: DayKey, days: number): DayKey {
  const [year, month, date] = dayParts(day);
  return new Date(Date.UTC(year, month, date + days)).toISOString().slice(0, 10);
}

/** the number of days from one day to another, as a calendar counts them */
export function daysBetween(first: DayKey, last: DayKey): number {
  const [a, b] = [dayParts(first), dayParts(last)];
  return Math.round((Date.UTC(...b) - Date.UTC(...a)) / DAY_MS);
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** the day an instant falls on in a zone */
export function dayInZone(instant: Date | number, timeZone: string): DayKey {
  let format = dayFormats.get(timeZone);
  if (!format) {
    // en-CA writes dates as YYYY-MM-DD
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dayFormats.set(timeZone, format);
  }
  return format.format(instant);
}

/** the first instant of a day in a zone: its midnight, or the first hour that exists when a clock change skips midnight */
export function startOfDayInZone(day: DayKey, timeZone: string): number {
  const [year, month, date] = dayParts(day);
  return new TZDate(year, month, date, timeZone).getTime();
}

/** the last millisecond of a day in a zone */
export function endOfDayInZone(day: DayKey, timeZone: string): number {
  return startOfDayInZone(shiftDay(day, 1), timeZone) - 1;
}

/** the first and last day a preset covers, seen from `today` */
function presetDays(preset: RangePresetKey, today: DayKey, since: DayKey | null): [DayKey, DayKey] {
  const [year, month] = dayParts(today);
  const firstOfMonth = today.slice(0, 8) + '01';
  switch (preset) {
    case 'today':
      return [today, today];
    case 'yesterday':
      return [shiftDay(today, -1), shiftDay(today, -1)];
    case '7d':
      return [shiftDay(today, -6), today];
    case '30d':
      return [shiftDay(today, -29), today];
    case '90d':
      return [shiftDay(today, -89), today];
    case 'month':
      return [firstOfMonth, today];
    case 'last-month': {
      const first = new Date(Date.UTC(year, month - 1, 1)).toISOString().slice(0, 10);
      return [first, shiftDay(firstOfMonth, -1)];
    }
    case 'year':
      return [`${year}-01-01`, today];
    case 'all':
      // without a known start, as far back as the api reads at once
      return [since && since < today ? since : shiftDay(today, -(ANALYTICS_MAX_RANGE_DAYS - 1)), today];
  }
}

export interface ResolveOptions {
  timeZone: string;
  now?: Date;
  /** where All time starts (a card's creation), an instant; none: as far back as the api reads */
  since?: string | null;
}

/**
 * the instants of a range in the owner's zone. a range ending today ends now; a range longer than the
 * api reads at once (ANALYTICS_MAX_RANGE_DAYS) keeps its end and starts later, and says so
 */
export function resolveRange(selection: RangeSelection, options: ResolveOptions): ResolvedRange {
  const { timeZone } = options;
  const now = (options.now ?? new Date()).getTime();
  const today = dayInZone(now, timeZone);
  const sinceDay = options.since ? dayInZone(new Date(options.since), timeZone) : null;
  let [firstDay, lastDay] =
    'preset' in selection
      ? presetDays(selection.preset, today, sinceDay)
      : [selection.from, selection.to].sort();
  // days to come have no visits: a range ends today at the latest
  if (lastDay > today) lastDay = today;
  if (firstDay > lastDay) firstDay = lastDay;
  const to = lastDay === today ? now : endOfDayInZone(lastDay, timeZone);
  let shortened = false;
  const earliest = shiftDay(lastDay, -(ANALYTICS_MAX_RANGE_DAYS - 1));
  if (firstDay < earliest) [firstDay, shortened] = [earliest, true];
  let from = startOfDayInZone(firstDay, timeZone);
  // a clock change inside the range can make its calendar days an hour too long: a day later then
  while (to - from > ANALYTICS_MAX_RANGE_DAYS * DAY_MS) {
    [firstDay, shortened] = [shiftDay(firstDay, 1), true];
    from = startOfDayInZone(firstDay, timeZone);
  }
  // just after midnight `now` can equal the day's first instant: the api wants from before to
  const end = Math.max(to, from + 1);
  return {
    from: new Date(from).toISOString(),
    to: new Date(end).toISOString(),
    firstDay,
    lastDay,
    shortened,
  };
}

const dayFormatsByLanguage = new Map<Language, { short: Intl.DateTimeFormat; long: Intl.DateTimeFormat }>();

function dayTextFormats(language: Language) {
  let made = dayFormatsByLanguage.get(language);
  if (!made) {
    const locale = dateLocale(language);
    made = {
      short: new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' }),
      long: new Intl.DateTimeFormat(locale, {
        day: 'numeric',
        month: 'short',
        year: 'numeric',
        timeZone: 'UTC',
      }),
    };
    dayFormatsByLanguage.set(language, made);
  }
  return made;
}

/** "1 Nov – 15 Nov 2026", "28 Dec 2025 – 3 Jan 2026", "4 Nov 2026", in the language */
export function dayRangeText(first: DayKey, last: DayKey, language: Language): string {
  const { short, long } = dayTextFormats(language);
  const at = (day: DayKey) => new Date(`${day}T00:00:00.000Z`);
  if (first === last) return long.format(at(first));
  const sameYear = first.slice(0, 4) === last.slice(0, 4);
  return `${(sameYear ? short : long).format(at(first))} – ${long.format(at(last))}`;
}
