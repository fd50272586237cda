import { instantOfWall, wallTime } from '@cardcraft/analytics';

// the mails' calendar in an IANA time zone: the wall-clock parts of an instant and the instant a
// wall-clock midnight falls on, from the analytics library's zone arithmetic (Intl alone)

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

/** the date and hour a clock in the zone shows at this instant */
export function wallClock(instant: Date, zone: string): WallClock {
  const wall = new Date(wallTime(zone, instant.getTime()));
  return {
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth() + 1,
    day: wall.getUTCDate(),
    hour: wall.getUTCHours(),
    weekday: wall.getUTCDay(),
  };
}

/**
 * the instant the zone's clock reads 00:00 on this date (month 1 to 12; a day past the month's end
 * rolls over, as Date.UTC does). where midnight is skipped by a change of clocks, the first instant
 * of that day
 */
export function startOfDay(year: number, month: number, day: number, zone: string): Date {
  return new Date(instantOfWall(zone, Date.UTC(year, month - 1, day)));
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
