import { LruCache } from '../lru-cache';
import type { Granularity, TimeRange } from '../ports';

/**
 * a time zone's days and hours as instants (epoch ms), from the runtime's zone data (Intl): no store,
 * no clock. a local day starts at the first instant whose wall clock reads that date.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
export const UTC = 'UTC';

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, format);
  }
  return format;
}

/** offsets by zone and minute: a summary asks for the same few instants again and again */
const offsets = new LruCache<string, number>(20_000);

/** the zone's offset from UTC at an instant, in ms (+05:30: 19 800 000) */
export function zoneOffset(timeZone: string, ms: number): number {
  if (timeZone === UTC) return 0;
  const minute = Math.floor(ms / 60_000);
  const key = `${timeZone}\u0000${minute}`;
  const cached = offsets.get(key);
  if (cached !== undefined) return cached;
  const parts: Record<string, number> = {};
  for (const part of formatter(timeZone).formatToParts(new Date(minute * 60_000)))
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  const wall = Date.UTC(
    parts.year ?? 1970,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    parts.hour ?? 0,
    parts.minute ?? 0,
    parts.second ?? 0,
  );
  const offset = wall - minute * 60_000;
  offsets.set(key, offset);
  return offset;
}

/** the wall clock at an instant, as if it were UTC (its date and time read with getUTC*) */
export function wallTime(timeZone: string, ms: number): number {
  return ms + zoneOffset(timeZone, ms);
}

/** the first instant whose wall clock reads `wall` or later (a wall time skipped by a clock change: its end) */
export function instantOfWall(timeZone: string, wall: number): number {
  let guess = wall - zoneOffset(timeZone, wall);
  guess = wall - zoneOffset(timeZone, guess);
  if (wallTime(timeZone, guess) >= wall) return guess;
  // a wall time the clocks jumped over (Santiago skips its midnight in September): the jump, found
  // by halving the two hours after the guess to the minute (clocks change on a whole minute)
  let before = Math.floor(guess / 60_000);
  let after = before + 120;
  while (after - before > 1) {
    const middle = Math.floor((before + after) / 2);
    if (wallTime(timeZone, middle * 60_000) >= wall) after = middle;
    else before = middle;
  }
  return after * 60_000;
}

/** the start of the local day holding an instant */
export function localDayStart(timeZone: string, ms: number): number {
  return instantOfWall(timeZone, Math.floor(wallTime(timeZone, ms) / DAY) * DAY);
}

/** the start of the local day after the one holding an instant */
export function nextLocalDay(timeZone: string, ms: number): number {
  return instantOfWall(timeZone, Math.floor(wallTime(timeZone, ms) / DAY) * DAY + DAY);
}

/**
 * how far past a UTC hour the zone's hours start (its offset modulo an hour: 30 minutes for +05:30).
 * the same all year where clocks change by whole hours, which is every zone but Lord Howe's
 */
export function hourShift(timeZone: string, ms: number): number {
  return ((-zoneOffset(timeZone, ms) % HOUR) + HOUR) % HOUR;
}

/** the start of each bucket (local hour or day) that the range touches, ascending */
export function bucketStarts(range: TimeRange, granularity: Granularity, timeZone: string): number[] {
  const from = range.from.getTime();
  const to = range.to.getTime();
  const starts: number[] = [];
  if (granularity === 'hour') {
    const shift = hourShift(timeZone, from);
    for (let t = Math.floor((from - shift) / HOUR) * HOUR + shift; t <= to; t += HOUR) starts.push(t);
    return starts;
  }
  for (let t = localDayStart(timeZone, from); t <= to; t = nextLocalDay(timeZone, t)) starts.push(t);
  return starts;
}

/**
 * the same local dates a year before: each end's wall clock a year back (29 February: the 28th),
 * as instants in the zone
 */
export function yearBefore(range: TimeRange, timeZone: string): TimeRange {
  const back = (ms: number) => {
    const wall = new Date(wallTime(timeZone, ms));
    const year = wall.getUTCFullYear() - 1;
    const month = wall.getUTCMonth();
    const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
    const day = Math.min(wall.getUTCDate(), lastDay);
    const timeOfDay = wall.getTime() % DAY;
    return instantOfWall(timeZone, Date.UTC(year, month, day) + timeOfDay);
  };
  // the end is inclusive: the instant after it moved back, less a millisecond
  return { from: new Date(back(range.from.getTime())), to: new Date(back(range.to.getTime() + 1) - 1) };
}

/** an instant as ISO 8601 with the zone's offset (2026-01-01T05:30:00.000+05:30; UTC: ...Z) */
export function isoInZone(ms: number, timeZone: string): string {
  if (timeZone === UTC) return new Date(ms).toISOString();
  const offset = zoneOffset(timeZone, ms);
  const wall = new Date(ms + offset).toISOString().slice(0, 23);
  const minutes = Math.abs(offset) / 60_000;
  const sign = offset < 0 ? '-' : '+';
  const hh = String(Math.floor(minutes / 60)).padStart(2, '0');
  const mm = String(minutes % 60).padStart(2, '0');
  return `${wall}${sign}${hh}:${mm}`;
}

/** the local date (YYYY-MM-DD) of an instant */
export function localDate(ms: number, timeZone: string): string {
  return new Date(wallTime(timeZone, ms)).toISOString().slice(0, 10);
}
