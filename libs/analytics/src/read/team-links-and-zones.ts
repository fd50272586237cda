import { LruCache } from '../lru-cache';
import type {
  Granularity,
  RecentWrites,
  TeamFiguresReader,
  TeamLinkClickOutline,
  TimeRange,
  ZoneSeriesRow,
} from '../ports';
import { DAY, dayStart, utcDay } from './range-planner';
import { bucketStarts } from './zone';

/** kept answers of finished parts, over every team */
const KEPT_PARTS = 2_000;
/**
 * kept days' link click outlines, over every team: a day of a thousand cards of 10 million events
 * (5 500 visitors' clicks) holds about 0.5 MB, so at most about 60 MB
 */
const KEPT_DAYS = 120;

/** one UTC day's link clicks of a team: per visitor of a card's link (`card\ntarget`), first and last */
interface LinkDayOutline {
  keys: string[];
  first: Float64Array;
  last: Float64Array;
}

interface Kept<T> {
  value: T;
  until: number;
}

/**
 * what a team's summary adds to its days' figures: the link clicks' distinct visitors and, in a zone
 * other than UTC, the series by the zone's hours or days. what ended before today (UTC) is kept for the
 * cache's lifetime (the links as each day's outline, the series by the range's start), and today's
 * part while no card of the team is written (embedded, where the store knows its writes), else read
 * each time: visitor ids are per card and UTC day, so the parts' distinct visitors add up exactly
 */
export class TeamLinksAndZones {
  private readonly links = new LruCache<string, Kept<Map<string, number>>>(KEPT_PARTS);
  private readonly zones = new LruCache<string, Kept<ZoneSeriesRow[]>>(KEPT_PARTS);
  private readonly days = new LruCache<string, Kept<LinkDayOutline>>(KEPT_DAYS);

  constructor(
    private readonly reader: TeamFiguresReader,
    private readonly recent: RecentWrites,
    private readonly ttlMs: number,
    private readonly clock: () => number,
  ) {}

  /** per card and link target (`card\ntarget`), the distinct visitors who clicked it in the range */
  async linkVisitors(team: string, cards: string[], range: TimeRange): Promise<Map<string, number>> {
    const from = range.from.getTime();
    const to = range.to.getTime();
    const todayStart = dayStart(this.clock());
    const sums = new Map<string, number>();
    const add = (key: string, visitors: number) => sums.set(key, (sums.get(key) ?? 0) + visitors);
    // finished UTC days: counted from each day's outline (every visitor's first and last click of a
    // link), kept per day, so a range whose start moves inside a day reads nothing again; a range
    // both starting and ending inside one day is read as it is
    const outlined: number[] = [];
    const inside: TimeRange[] = [];
    for (let day = dayStart(from); day < todayStart && day <= to; day += DAY) {
      const start = Math.max(from, day);
      const end = Math.min(to, day + DAY - 1);
      if (start > day && end < day + DAY - 1) inside.push({ from: new Date(start), to: new Date(end) });
      else outlined.push(day);
    }
    const outlines = await this.outlines(team, cards, outlined);
    for (const day of outlined) {
      const outline = outlines.get(day);
      if (!outline) continue;
      const start = Math.max(from, day);
      const end = Math.min(to, day + DAY - 1);
      // a visitor clicked inside [start, end] of the day when their first click is not after its end
      // and their last not before its start (one end is always the day's own)
      for (let i = 0; i < outline.keys.length; i++)
        if ((outline.first[i] as number) <= end && (outline.last[i] as number) >= start)
          add(outline.keys[i] as string, 1);
    }
    for (const part of inside)
      for (const [key, visitors] of await this.readLinks(cards, part)) add(key, visitors);
    if (to >= todayStart) {
      const today = { from: new Date(Math.max(from, todayStart)), to: range.to };
      const read = () => this.readLinks(cards, today);
      const version = this.versionOf(cards);
      const todays =
        version === null
          ? await read()
          : await this.kept(this.links, `${team}\n${today.from.getTime()}\n${version}`, read);
      for (const [key, visitors] of todays) add(key, visitors);
    }
    return sums;
  }

  /** the outlines of these finished UTC days (ms of their starts): kept ones, the rest in one read */
  private async outlines(
    team: string,
    cards: string[],
    days: number[],
  ): Promise<Map<number, LinkDayOutline>> {
    const now = this.clock();
    const found = new Map<number, LinkDayOutline>();
    const missing: number[] = [];
    for (const day of days) {
      const hit = this.days.get(`${team}\n${day}`);
      if (hit && hit.until > now) found.set(day, hit.value);
      else missing.push(day);
    }
    if (missing.length === 0) return found;
    const rows = await this.reader.teamLinkClickOutlines(
      cards,
      missing.map((day) => utcDay(day)),
    );
    const byDay = new Map<string, TeamLinkClickOutline[]>();
    for (const row of rows) {
      const list = byDay.get(row.day) ?? [];
      list.push(row);
      byDay.set(row.day, list);
    }
    for (const day of missing) {
      const list = byDay.get(utcDay(day)) ?? [];
      const outline: LinkDayOutline = {
        keys: list.map((row) => `${row.profileId}\n${row.target}`),
        first: Float64Array.from(list, (row) => row.first),
        last: Float64Array.from(list, (row) => row.last),
      };
      this.days.set(`${team}\n${day}`, { value: outline, until: now + this.ttlMs });
      found.set(day, outline);
    }
    return found;
  }

  /** the team's views and distinct visitors per bucket of the zone over the range */
  async zoneSeries(
    team: string,
    cards: string[],
    range: TimeRange,
    granularity: Granularity,
    timeZone: string,
  ): Promise<Array<{ bucket: Date; visits: number; uniqueVisitors: number }>> {
    const starts = bucketStarts(range, granularity, timeZone);
    // each bucket cut at the range's start and end
    const edges = [range.from.getTime(), ...starts.slice(1), range.to.getTime() + 1];
    // the buckets that ended before today's UTC midnight are kept; a bucket reaching into today is read
    const todayStart = dayStart(this.clock());
    const split = edges.findIndex((edge, i) => i > 0 && edge > todayStart);
    const finished = split < 0 ? edges : edges.slice(0, split);
    const rows: ZoneSeriesRow[] = [];
    if (finished.length >= 2) {
      const key = `${team}\n${timeZone}\n${granularity}\n${finished[0]}\n${finished[finished.length - 1]}`;
      rows.push(...(await this.kept(this.zones, key, () => this.reader.teamZoneSeries(cards, finished))));
    }
    if (split >= 0)
      rows.push(...(await this.reader.teamZoneSeries(cards, edges.slice(Math.max(0, split - 1)))));
    const byBucket = new Map<number, { bucket: Date; visits: number; uniqueVisitors: number }>();
    for (const row of rows) {
      // the first bucket is asked from the range's start: it is its zone bucket's
      const at = row.bucket === edges[0] ? (starts[0] as number) : row.bucket;
      const sum = byBucket.get(at) ?? { bucket: new Date(at), visits: 0, uniqueVisitors: 0 };
      sum.visits += row.visits;
      sum.uniqueVisitors += row.uniqueVisitors;
      byBucket.set(at, sum);
    }
    return [...byBucket.values()];
  }

  /** the cards' write versions as one key; null where the store does not know them or a write runs */
  private versionOf(cards: string[]): string | null {
    const versions: string[] = [];
    for (const card of cards) {
      const version = this.recent.writeVersion(card);
      if (version === null || this.recent.writing(card)) return null;
      versions.push(`${card}:${version}`);
    }
    // the same cards asked in another order are the same team
    return versions.sort().join(',');
  }

  private async readLinks(cards: string[], range: TimeRange): Promise<Map<string, number>> {
    const visitors = new Map<string, number>();
    for (const row of await this.reader.teamLinkVisitors(cards, range))
      visitors.set(`${row.profileId}\n${row.target}`, row.visitors);
    return visitors;
  }

  private async kept<T>(cache: LruCache<string, Kept<T>>, key: string, read: () => Promise<T>): Promise<T> {
    const now = this.clock();
    const hit = cache.get(key);
    if (hit && hit.until > now) return hit.value;
    const value = await read();
    cache.set(key, { value, until: now + this.ttlMs });
    return value;
  }
}
