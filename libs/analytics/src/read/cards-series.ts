import { LruCache } from '../lru-cache';
import type { FiguresReader, Granularity, RecentWrites, TimeRange } from '../ports';
import { PIECE_SETTLE_MS, reachesNow } from './pieces';
import { granularityOf } from './range-planner';
import { bucketStarts, nextLocalDay } from './zone';

const HOUR = 3_600_000;

/**
 * finished buckets kept, per card: a number each, so 200 000 are a few MB. 8 owners of 25 cards
 * reading 30 days in two zones hold 12 000
 */
export const CARDS_SERIES_BUCKETS = 200_000;

/** views per card and bucket of a zone, as the overview lists them */
export interface CardsSeries {
  buckets: number[];
  granularity: Granularity;
  /** a card without views: absent */
  visits: Map<string, number[]>;
}

/** a run of consecutive buckets to read: their indexes and their edges (each bucket's start, then the last's end) */
interface Run {
  first: number;
  edges: number[];
}

/**
 * the overview's views per card and bucket: a finished bucket (one that ended more than the settle
 * time ago) is kept per card and bounds, so a warm read asks the store only for the bucket that
 * reaches now; that one is kept while no card of the set was written (the store's write versions,
 * where it knows them), read to its natural end so a range ending a moment later finds it again
 */
export class CardsSeriesSource {
  private readonly finished = new LruCache<string, { expires: number; visits: number }>(CARDS_SERIES_BUCKETS);
  /** per erased card, how often: its kept buckets' keys change with it, so they are never found again */
  private readonly erased = new Map<string, number>();
  /** per card set and bucket: the last unfinished bucket's views, at the cards' write versions */
  private readonly unfinished = new LruCache<string, { versions: number[]; visits: Map<string, number> }>(
    1000,
  );

  constructor(
    private readonly reader: FiguresReader,
    private readonly recent: RecentWrites,
    private readonly clock: () => number = Date.now,
    /** how long a finished bucket is used again: a late retried batch shows within it */
    private readonly ttlMs = 10 * 60_000,
  ) {}

  forget(profileId: string): void {
    this.erased.set(profileId, (this.erased.get(profileId) ?? 0) + 1);
  }

  async series(profileIds: string[], range: TimeRange, timeZone: string): Promise<CardsSeries> {
    const granularity = granularityOf(range);
    const buckets = bucketStarts(range, granularity, timeZone);
    const now = this.clock();
    const end = range.to.getTime() + 1;
    // the first bucket is cut at the range's start, the last at its end, or at its natural end
    // when it reaches now (nothing is stored ahead of now)
    const edges = [range.from.getTime(), ...buckets.slice(1), end];
    const last = edges.length - 2;
    if (last >= 0 && reachesNow(end, now))
      edges[last + 1] = naturalEnd(buckets[last] as number, granularity, timeZone);
    const visits = new Map<string, number[]>();
    const line = (id: string) => {
      let row = visits.get(id);
      if (!row) visits.set(id, (row = buckets.map(() => 0)));
      return row;
    };
    const keyOf = (id: string, b: number) =>
      `${id}\u0000${this.erased.get(id) ?? 0}\u0000${edges[b]}\u0000${edges[b + 1]}`;
    const isFinished = (b: number) => (edges[b + 1] as number) <= now - PIECE_SETTLE_MS;
    // the unfinished bucket, kept while no card of the set was written since it was read
    const versions = profileIds.map((id) => this.recent.writeVersion(id));
    const known =
      versions.every((v): v is number => v !== null) && !profileIds.some((id) => this.recent.writing(id));
    const setKey = last >= 0 ? `${profileIds.join(',')}\u0000${edges[last]}\u0000${edges[last + 1]}` : '';
    const missing: number[] = [];
    for (let b = 0; b <= last; b++) {
      if (isFinished(b)) {
        const kept = profileIds.map((id) => {
          const entry = this.finished.get(keyOf(id, b));
          return entry && entry.expires > now ? entry.visits : undefined;
        });
        if (kept.every((n) => n !== undefined)) {
          kept.forEach((n, c) => n > 0 && (line(profileIds[c] as string)[b] = n));
          continue;
        }
      } else if (known && b === last) {
        const kept = this.unfinished.get(setKey);
        if (kept && kept.versions.every((v, c) => v === versions[c])) {
          for (const [id, n] of kept.visits) line(id)[b] = n;
          continue;
        }
      }
      missing.push(b);
    }
    for (const run of runsOf(missing, edges)) {
      const read = new Map<number, Map<string, number>>();
      for (const row of await this.reader.cardsVisits(profileIds, run.edges)) {
        const b = run.first + run.edges.indexOf(row.bucket);
        if (b < run.first || b > last) continue;
        line(row.profileId)[b] = (line(row.profileId)[b] as number) + row.visits;
        const counts = read.get(b) ?? new Map<string, number>();
        counts.set(row.profileId, (counts.get(row.profileId) ?? 0) + row.visits);
        read.set(b, counts);
      }
      for (let b = run.first; b < run.first + run.edges.length - 1; b++) {
        const counts = read.get(b) ?? new Map<string, number>();
        if (isFinished(b))
          for (const id of profileIds)
            this.finished.set(keyOf(id, b), { expires: now + this.ttlMs, visits: counts.get(id) ?? 0 });
        else if (known && b === last && this.unchanged(profileIds, versions))
          this.unfinished.set(setKey, { versions: versions as number[], visits: counts });
      }
    }
    return { buckets, granularity, visits };
  }

  /** no card of the set was written (or is being written) since the versions were taken */
  private unchanged(profileIds: string[], versions: Array<number | null>): boolean {
    return profileIds.every(
      (id, c) => !this.recent.writing(id) && this.recent.writeVersion(id) === versions[c],
    );
  }
}

/** where a bucket would end were the range longer: the next local hour or day */
function naturalEnd(start: number, granularity: Granularity, timeZone: string): number {
  return granularity === 'hour' ? start + HOUR : nextLocalDay(timeZone, start);
}

/** the missing buckets as runs of consecutive ones, each with its edges */
function runsOf(missing: number[], edges: number[]): Run[] {
  const runs: Run[] = [];
  for (const b of missing) {
    const run = runs[runs.length - 1];
    if (run && run.first + run.edges.length - 1 === b) run.edges.push(edges[b + 1] as number);
    else runs.push({ first: b, edges: [edges[b] as number, edges[b + 1] as number] });
  }
  return runs;
}
