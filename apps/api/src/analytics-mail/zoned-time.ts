// calendar arithmetic in an IANA time zone with Intl alone: the wall-clock parts of an instant, and
// the instant a wall-clock midnight falls on (daylight saving moves it, so it is found, not added)

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

export interface WallClock {
  year: number;
  /** 1 to 12 */
  month: number;
  day: number;
  hour: number;
  /** 0 Sunday to 6 Saturday */
  weekday: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(zone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(zone, formatter);
  }
  return formatter;
}

/** the date and hour a clock in the zone shows at this instant */
export function wallClock(instant: Date, zone: string): WallClock {
  const parts: Record<string, number> = {};
  for (const part of formatterOf(zone).formatToParts(instant)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const { year, month, day, hour } = parts as Record<'year' | 'month' | 'day' | 'hour', number>;
  return { year, month, day, hour, weekday: new Date(Date.UTC(year, month - 1, day)).getUTCDay() };
}

/** how far the zone's clock is ahead of UTC at this instant, in ms */
function offsetAt(instant: number, zone: string): number {
  const parts: Record<string, number> = {};
  for (const part of formatterOf(zone).formatToParts(new Date(instant))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const asUtc = Date.UTC(
    parts.year!,
    parts.month! - 1,
    parts.day!,
    parts.hour!,
    parts.minute!,
    parts.second!,
  );
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/**
 * the instant the zone's clock reads 00:00 on this date (month 1 to 12; a day past the month's end
 * rolls over, as Date.UTC does). where midnight is skipped by a change of clocks, the first instant
 * of that day
 */
export function startOfDay(year: number, month: number, day: number, zone: string): Date {
  const wall = Date.UTC(year, month - 1, day);
  let guess = wall - offsetAt(wall, zone);
  // a second pass settles a guess that crossed a change of offset
  guess = wall - offsetAt(guess, zone);
  const reads = wallClock(new Date(guess), zone);
  if (Date.UTC(reads.year, reads.month - 1, reads.day) < wall) guess += HOUR_MS;
  return new Date(guess);
}

/** YYYY-MM-DD of a wall-clock date */
export function dateKey(year: number, month: number, day: number): string {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.toISOString().slice(0, 10);
}

/** the zone's date (YYYY-MM-DD) at this instant */
export function dayIn(instant: Date, zone: string): string {
  const { year, month, day } = wallClock(instant, zone);
  return dateKey(year, month, day);
}

/** the dates from first to last (both YYYY-MM-DD), inclusive */
export function datesBetween(first: string, last: string): string[] {
  const dates: string[] = [];
  for (let at = Date.parse(`${first}T00:00:00Z`); at <= Date.parse(`${last}T00:00:00Z`); at += DAY_MS) {
    dates.push(new Date(at).toISOString().slice(0, 10));
  }
  return dates;
}

/** whether the name is a zone this runtime knows */
export function isKnownZone(zone: string): boolean {
  try {
    formatterOf(zone);
    return true;
  } catch {
    return false;
  }
}
