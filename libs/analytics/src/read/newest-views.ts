import { LruCache } from '../lru-cache';
import type { RecentWrites, TimeRange, VisitRow } from '../ports';
import { unchangedSince } from './today-tail';

/** cards whose newest views are kept between reads (the most recently read) */
const NEWEST_CARDS = 1000;
/** the first page is read this far past now, so a refresh in the next minute is served from it */
const READ_AHEAD_MS = 60_000;

interface NewestViews {
  version: number;
  from: number;
  to: number;
  limit: number;
  /** newest first, as the store orders them */
  rows: VisitRow[];
}

/**
 * the newest views read at one version, with the views written since added: the newest `limit` of
 * both are the newest of what the store holds now in the same span. undefined when two views share a
 * millisecond: the store orders those by event id its own way, and a page's cursor must follow it.
 */
function withNewViews(kept: NewestViews, added: VisitRow[], version: number): NewestViews | undefined {
  const fresh = added.filter((row) => row.ts.getTime() >= kept.from && row.ts.getTime() <= kept.to);
  const times = new Set(kept.rows.map((row) => row.ts.getTime()));
  for (const row of fresh) {
    if (times.has(row.ts.getTime())) return undefined;
    times.add(row.ts.getTime());
  }
  // a stable sort: the rows read keep the store's order among themselves
  const rows = [...kept.rows, ...fresh].sort((a, b) => b.ts.getTime() - a.ts.getTime());
  return { ...kept, version, rows: rows.slice(0, kept.limit) };
}

/**
 * per card, its newest views up to a moment, as read at a write version of the store. owners reopen
 * the dashboard, and it refreshes, far more often than a quiet card is visited; while it is visited,
 * the views the store wrote are added to what was read. a RecentWrites that knows nothing (null
 * versions) keeps nothing: every first page is read.
 */
export class NewestViewsCache {
  private readonly newest = new LruCache<string, NewestViews>(NEWEST_CARDS);

  constructor(private readonly recent: RecentWrites) {}

  /**
   * a range's newest views (the first page): read up to a minute past now, and served again from
   * what was read while the store has written nothing new for the card, for any range that lies
   * within what was read. `read` reads a span's newest `limit` views from the store.
   */
  async read(
    profileId: string,
    range: TimeRange,
    limit: number,
    read: (span: TimeRange) => Promise<VisitRow[]>,
  ): Promise<VisitRow[]> {
    const version = this.recent.writeVersion(profileId);
    if (version === null) return read(range);
    const writing = this.recent.writing(profileId);
    const from = range.from.getTime();
    const to = range.to.getTime();
    const within = (rows: VisitRow[]) =>
      rows.filter((row) => row.ts.getTime() >= from && row.ts.getTime() <= to).slice(0, limit);
    let kept = this.newest.get(profileId);
    if (kept && kept.version !== version) {
      const added = this.recent.viewsWrittenSince(profileId, kept.version);
      kept = added ? withNewViews(kept, added, version) : undefined;
      if (kept) this.newest.set(profileId, kept);
    }
    if (kept && kept.from <= from && to <= kept.to && kept.limit >= limit) {
      const rows = within(kept.rows);
      // every view newer than the oldest row read is among those read: the page is right when it is
      // full, when all there was got read, or when the oldest row read is older than the range
      const oldest = kept.rows[kept.rows.length - 1];
      if (rows.length === limit || kept.rows.length < kept.limit || (oldest && oldest.ts.getTime() < from))
        return rows;
    }
    const upTo = Math.max(to, Date.now() + READ_AHEAD_MS);
    const rows = await read({ from: range.from, to: new Date(upTo) });
    // kept only when no write ran or ended meanwhile: the read may hold some of a write's views,
    // which the write's own log would then add a second time
    if (!writing && unchangedSince(this.recent, profileId, version))
      this.newest.set(profileId, { version, from, to: upTo, limit, rows });
    const page = within(rows);
    if (page.length === limit || rows.length < limit) return page;
    // views past the range's end filled what was read: the range's own page
    return read(range);
  }

  forget(profileId: string): void {
    this.newest.delete(profileId);
  }
}
