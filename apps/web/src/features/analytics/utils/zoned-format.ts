import type { Language } from '@cardcraft/contracts/languages';

/**
 * dates and times as the owner's zone shows them, in the screen's language: the chart's axis and
 * tooltips, the visit list
 */

/** the locale a language's dates are written in: English days as the product has always written them, 3 Nov */
export function dateLocale(language: Language): string {
  return language === 'en' ? 'en-GB' : language;
}

const formats = new Map<string, Intl.DateTimeFormat>();

function format(
  language: Language,
  timeZone: string,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  const key = `${language}|${timeZone}|${JSON.stringify(options)}`;
  let made = formats.get(key);
  if (!made) {
    made = new Intl.DateTimeFormat(dateLocale(language), { timeZone, ...options });
    formats.set(key, made);
  }
  return made;
}

/** a bucket's label on the chart's axis: 14:00 for an hour, 3 Nov for a day */
export function bucketLabel(
  iso: string,
  granularity: 'hour' | 'day',
  timeZone: string,
  language: Language,
): string {
  return granularity === 'hour'
    ? format(language, timeZone, { hour: '2-digit', minute: '2-digit' }).format(new Date(iso))
    : format(language, timeZone, { day: 'numeric', month: 'short' }).format(new Date(iso));
}

/** a bucket in full, for a tooltip: Tue 3 Nov 2026, 14:00 or Tue 3 Nov 2026 */
export function bucketTitle(
  iso: string,
  granularity: 'hour' | 'day',
  timeZone: string,
  language: Language,
): string {
  const day = { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' } as const;
  return granularity === 'hour'
    ? format(language, timeZone, { ...day, hour: '2-digit', minute: '2-digit' }).format(new Date(iso))
    : format(language, timeZone, day).format(new Date(iso));
}

/** an instant in full in the zone, with the zone's name: 3 Nov 2026, 14:05 (Asia/Kolkata) */
export function zonedDateTime(iso: string, timeZone: string, language: Language): string {
  const text = format(language, timeZone, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(iso));
  return `${text} (${timeZone})`;
}

/** a day of an instant in the zone: 3 Nov 2026 */
export function zonedDay(iso: string, timeZone: string, language: Language): string {
  return format(language, timeZone, { day: 'numeric', month: 'short', year: 'numeric' }).format(
    new Date(iso),
  );
}
