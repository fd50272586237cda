import { LruCache } from '../lru-cache';
import type { Granularity, RecentWrites, TeamFiguresReader, TimeRange, ZoneSeriesRow } from '../ports';
import { dayStart } from './range-planner';
import { bucketStarts } from './zone';

/** kept answers of finished parts, over every team */
const KEPT_PARTS = 2_000;

interface Kept<T> {
  value: T;
  until: number;
}

/**
 * what a team's summary adds to its days' figures: the link clicks' distinct visitors and, in a zone
 * other than UTC, the series by the zone's hours or days. each is read in two parts, what ended before
 * today (UTC) kept for the cache's lifetime, and today's kept while no card of the team is written
 * (embedded, where the store knows its writes), else read each time: visitor ids are per card and UTC
 * day, so the two parts' distinct visitors add up exactly
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

  /** per card and link target (`card\ntarget`), the distinct visitors who clicked it in the range */
  async linkVisitors(team: string, cards: string[], range: TimeRange): Promise<Map<string, number>> {
    const [before, today] = this.split(range);
    const kept = before
      ? await this.kept(this.links, `${team}\n${before.from.getTime()}\n${before.to.getTime()}`, () =>
          this.readLinks(cards, before),
        )
      : new Map<string, number>();
    if (!today) return kept;
    const read = () => this.readLinks(cards, today);
    const version = this.versionOf(cards);
    const todays =
      version === null
        ? await read()
        : await this.kept(this.links, `${team}\n${today.from.getTime()}\n${version}`, read);
    const sums = new Map(kept);
    for (const [key, visitors] of todays) sums.set(key, (sums.get(key) ?? 0) + visitors);
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

  /** the range before today's UTC midnight, and from it on (either may be absent) */
  private split(range: TimeRange): [TimeRange | null, TimeRange | null] {
    const todayStart = dayStart(this.clock());
    if (range.to.getTime() < todayStart) return [range, null];
    if (range.from.getTime() >= todayStart) return [null, range];
    return [
      { from: range.from, to: new Date(todayStart - 1) },
      { from: new Date(todayStart), to: range.to },
    ];
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
