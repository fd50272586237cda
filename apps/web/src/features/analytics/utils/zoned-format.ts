/** dates and times as the owner's zone shows them: the chart's axis and tooltips, the visit list */

const formats = new Map<string, Intl.DateTimeFormat>();

function format(timeZone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${timeZone}|${JSON.stringify(options)}`;
  let made = formats.get(key);
  if (!made) {
    made = new Intl.DateTimeFormat('en-GB', { timeZone, ...options });
    formats.set(key, made);
  }
  return made;
}

/** a bucket's label on the chart's axis: 14:00 for an hour, 3 Nov for a day */
export function bucketLabel(iso: string, granularity: 'hour' | 'day', timeZone: string): string {
  return granularity === 'hour'
    ? format(timeZone, { hour: '2-digit', minute: '2-digit' }).format(new Date(iso))
    : format(timeZone, { day: 'numeric', month: 'short' }).format(new Date(iso));
}

/** a bucket in full, for a tooltip: Tue 3 Nov 2026, 14:00 or Tue 3 Nov 2026 */
export function bucketTitle(iso: string, granularity: 'hour' | 'day', timeZone: string): string {
  const day = { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' } as const;
  return granularity === 'hour'
    ? format(timeZone, { ...day, hour: '2-digit', minute: '2-digit' }).format(new Date(iso))
    : format(timeZone, day).format(new Date(iso));
}

/** an instant in full in the zone, with the zone's name: 3 Nov 2026, 14:05 (Asia/Kolkata) */
export function zonedDateTime(iso: string, timeZone: string): string {
  const text = format(timeZone, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(iso));
  return `${text} (${timeZone})`;
}

/** a day of an instant in the zone: 3 Nov 2026 */
export function zonedDay(iso: string, timeZone: string): string {
  return format(timeZone, { day: 'numeric', month: 'short', year: 'numeric' }).format(new Date(iso));
}
