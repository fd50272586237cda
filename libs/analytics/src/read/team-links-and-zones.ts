import { LruCache } from '../lru-cache';
import type { Granularity, RecentWrites, TeamFiguresReader, TimeRange, ZoneSeriesRow } from '../ports';
import { DAY, dayStart } from './range-planner';
import type { LinkClickers } from './edge-days';
import { bucketStarts } from './zone';

/** kept answers of finished parts (a few thousand numbers each at most), over every team */
const KEPT_PARTS = 2_000;

/** a held day's link clicks (TeamDayEvents): its clickers from a moment to where the held events end */
export interface HeldLinkClicks extends LinkClickers {
  readonly end: number;
}

interface Kept<T> {
  value: T;
  until: number;
}

/**
 * what a team's summary adds to its days' figures: the link clicks' distinct visitors and, in a zone
 * other than UTC, the series by the zone's hours or days. what ended before today (UTC) is kept for the
 * cache's lifetime by its bounds, and today's part while no card of the team is written (embedded,
 * where the store knows its writes), else read each time: visitor ids are per card and UTC day, so the
 * parts' distinct visitors add up exactly
 */
export class TeamLinksAndZones {
  private readonly links = new LruCache<string, Kept<Map<string, number>>>(KEPT_PARTS);
  private readonly zones = new LruCache<string, Kept<ZoneSeriesRow[]>>(KEPT_PARTS);

  constructor(
    private readonly reader: TeamFiguresReader,
    private readonly recent: RecentWrites,
    private readonly ttlMs: number,
    private readonly clock: () => number,
  ) {}

  /**
   * per card and link target (`card\ntarget`), the distinct visitors who clicked it in the range.
   * `heldDay` gives the team's events of a finished UTC day where they are held (team-day.ts): the
   * rest of the day a range starts inside is counted from them, so a range whose start moves asks
   * nothing
   */
  async linkVisitors(
    team: string,
    cards: string[],
    range: TimeRange,
    heldDay: (start: number) => HeldLinkClicks | null = () => null,
  ): Promise<Map<string, number>> {
    const from = range.from.getTime();
    const to = range.to.getTime();
    const todayStart = dayStart(this.clock());
    // three parts, each of whole UTC days' visitors so they add up: the rest of the first day when the
    // range starts inside one (from that day's held events, else read and kept by its bounds), the
    // whole days after it up to today (kept by their bounds), and today (kept while no card of the
    // team is written)
    const parts: Array<{ range: TimeRange; key: string | null }> = [];
    const sums = new Map<string, number>();
    const finishedEnd = Math.min(to, todayStart - 1);
    let start = from;
    if (start <= finishedEnd && start > dayStart(start)) {
      const dayEnd = dayStart(start) + DAY;
      const end = Math.min(finishedEnd, dayEnd - 1);
      const held = end === dayEnd - 1 ? heldDay(dayStart(start)) : null;
      if (held && held.end >= dayEnd) for (const [key, n] of held.linkClickersFrom(start)) sums.set(key, n);
      else
        parts.push({
          range: { from: new Date(start), to: new Date(end) },
          key: `${team}\n${start}\n${end}`,
        });
      start = end + 1;
    }
    if (start <= finishedEnd)
      parts.push({
        range: { from: new Date(start), to: new Date(finishedEnd) },
        key: `${team}\n${start}\n${finishedEnd}`,
      });
    if (to >= todayStart) {
      const version = this.versionOf(cards);
      const today = Math.max(from, todayStart);
      parts.push({
        range: { from: new Date(today), to: range.to },
        key: version === null ? null : `${team}\n${today}\n${version}`,
      });
    }
    for (const part of parts) {
      const read = () => this.readLinks(cards, part.range);
      const visitors = part.key === null ? await read() : await this.kept(this.links, part.key, read);
      for (const [key, n] of visitors) sums.set(key, (sums.get(key) ?? 0) + n);
    }
    return sums;
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
    if (split >= 0) {
      const todays = edges.slice(Math.max(0, split - 1));
      const read = () => this.reader.teamZoneSeries(cards, todays);
      const version = this.versionOf(cards);
      const key = `${team}\n${timeZone}\n${granularity}\n${todays[0]}\n${version}`;
      rows.push(...(version === null ? await read() : await this.kept(this.zones, key, read)));
    }
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
