import type {
  DayEventRow,
  FiguresReader,
  LinkClickOutline,
  Granularity,
  PieceFigures,
  PieceRequest,
  RecentWrites,
  SeriesRow,
  StoreFilter,
  TimeRange,
} from '../ports';
import { addDays, emptyTotals, finishTotals } from './day-totals';
import type { LinkClickers } from './edge-days';
import { filterKey, isFiltered, NO_FILTER } from './filters';
import type { SummaryFigures } from './figures-source';
import { PIECE_SETTLE_MS, PieceCache, planPieces, readBounds, type Piece } from './pieces';
import { hourShift, UTC } from './zone';
import { LruCache } from '../lru-cache';
import { DAY, dayStart } from './range-planner';
import { countBelow } from './sorted-times';

/**
 * finished days whose link click outlines are kept (every card): a day's is a few numbers a link
 * visitor, a few KB for a busy card
 */
const OUTLINE_DAYS = 2000;

/** a summary's figures with the distinct visitors of each link target */
export interface ZonedSummaryFigures extends SummaryFigures {
  linkVisitors: Map<string, number>;
}

/** how a range is read in pieces */
export interface PieceReading {
  filter: StoreFilter;
  timeZone: string;
  granularity: Granularity;
  parts: PieceRequest['parts'];
}

type Read = { piece: Piece; figures: PieceFigures };

/**
 * the figures of ranges read in pieces (pieces.ts) rather than by the rollups: a narrowed summary
 * (the filters keep visitors, which only the raw events know), a series in a zone whose midnights
 * are not UTC's, and link clicks' distinct visitors. finished pieces are kept (PieceCache); the
 * unfinished one (today's) is kept at the card's write version where the store tells it (chDB), else
 * read on every summary. what is missing is read in one query.
 */
export class PiecesSource {
  constructor(
    private readonly reader: FiguresReader,
    private readonly recent: RecentWrites,
    private readonly cache: PieceCache,
    private readonly clock: () => number = Date.now,
  ) {}

  /** per card and finished UTC day, its link click outline (a visitor's last click per link) */
  private readonly outlines = new LruCache<string, { expires: number; outline: LinkClickOutline }>(
    OUTLINE_DAYS,
  );

  forget(profileId: string): void {
    this.cache.forget(profileId);
    // the outlines are few (a day a card): the erased card's go with a look at each
    for (const day of this.outlineDays.get(profileId) ?? []) this.outlines.delete(`${profileId}\u0000${day}`);
    this.outlineDays.delete(profileId);
  }

  /** the days whose outlines a card has had kept, so its erasure finds them */
  private readonly outlineDays = new LruCache<string, Set<number>>(OUTLINE_DAYS);

  /** the range's figures, breakdowns, series (in the zone) and link visitors, and the period before's */
  async summary(
    profileId: string,
    range: TimeRange,
    before: TimeRange,
    reading: Omit<PieceReading, 'parts'>,
  ): Promise<ZonedSummaryFigures> {
    const [now, then] = await this.read(profileId, [range, before], { ...reading, parts: 'all' });
    const current = totalsOf(now ?? []);
    const previous = totalsOf(then ?? []);
    return {
      current: current.figures,
      previous: previous.figures,
      breakdowns: current.breakdowns,
      series: seriesOf(now ?? [], reading.granularity),
      linkVisitors: linkVisitorsOf(now ?? []),
    };
  }

  /** views and distinct visitors per bucket of the zone, unfiltered */
  async series(
    profileId: string,
    range: TimeRange,
    timeZone: string,
    granularity: Granularity,
  ): Promise<SeriesRow[]> {
    const [reads] = await this.read(profileId, [range], {
      filter: NO_FILTER,
      timeZone,
      granularity,
      parts: 'series',
    });
    return seriesOf(reads ?? [], granularity);
  }

  /**
   * the distinct visitors who clicked each link in the range, unfiltered (pieces of UTC days). a range
   * that starts inside a finished day (a rolling "last 30 days", whose start moves on every read)
   * counts that day's part from the day's events where `heldDay` has them (the edge-day cache), else
   * from the day's outline (each visitor's last click per link), kept per day
   */
  async linkVisitors(
    profileId: string,
    range: TimeRange,
    heldDay: (start: number, from: number) => LinkClickers | null = () => null,
  ): Promise<Map<string, number>> {
    const from = range.from.getTime();
    const firstWhole = dayStart(from) === from ? from : dayStart(from) + DAY;
    const suffix =
      from < firstWhole &&
      firstWhole - 1 <= range.to.getTime() &&
      firstWhole < this.clock() - PIECE_SETTLE_MS;
    const rest = suffix ? { from: new Date(firstWhole), to: range.to } : range;
    const [reads] = await this.read(profileId, [rest], {
      filter: NO_FILTER,
      timeZone: UTC,
      granularity: 'day',
      parts: 'links',
    });
    const visitors = linkVisitorsOf(reads ?? []);
    const held = suffix ? heldDay(dayStart(from), from) : null;
    if (held) {
      for (const [target, n] of held.linkClickersFrom(from))
        visitors.set(target, (visitors.get(target) ?? 0) + n);
    } else if (suffix) {
      for (const { target, last } of await this.linkOutline(profileId, dayStart(from)))
        visitors.set(target, (visitors.get(target) ?? 0) + last.length - countBelow(last, from));
    }
    return visitors;
  }

  /** a finished day's link click outline, kept like a finished piece */
  private async linkOutline(profileId: string, day: number): Promise<LinkClickOutline> {
    const kept = this.outlines.get(`${profileId}\u0000${day}`);
    if (kept && kept.expires > this.clock()) return kept.outline;
    const [outline = []] = await this.reader.linkClickOutlines(profileId, [
      { from: new Date(day), to: new Date(day + DAY - 1) },
    ]);
    this.outlines.set(`${profileId}\u0000${day}`, {
      expires: this.clock() + this.cache.options.ttlMs,
      outline,
    });
    const days = this.outlineDays.get(profileId) ?? new Set<number>();
    days.add(day);
    this.outlineDays.set(profileId, days);
    return outline;
  }

  /**
   * an unfinished piece kept at an older write version, when nothing written since can change it
   * (views arriving do not change today's link visitors): kept again at this version
   */
  private stillTrue(
    profileId: string,
    key: string,
    version: number,
    bounds: { from: number; to: number },
    reading: PieceReading,
  ): PieceFigures | undefined {
    const kept = this.cache.kept(profileId, key);
    if (!kept) return undefined;
    const written = this.recent.writtenSince(profileId, kept.version);
    if (!written || written.some((row) => changes(row, bounds, reading))) return undefined;
    this.cache.set(profileId, key, version, kept.figures);
    return kept.figures;
  }

  /** per period, each piece and its figures: kept ones, and the missing ones in one store read */
  private async read(profileId: string, periods: TimeRange[], reading: PieceReading): Promise<Read[][]> {
    const now = this.clock();
    // the version is taken before the read: a write during it makes what is read stale
    const version = this.recent.writeVersion(profileId);
    const writing = this.recent.writing(profileId);
    const hourly = reading.granularity === 'hour' && reading.parts !== 'links';
    const shift = hourly ? hourShift(reading.timeZone, periods[0]?.from.getTime() ?? now) : null;
    const prefix = `${filterKey(reading.filter)}\u0000${reading.parts}\u0000${shift ?? ''}`;
    const planned = periods.map((period) => planPieces(period, reading.timeZone));
    const missing: Array<{
      bounds: { from: number; to: number };
      key: string;
      keptAt: number | null | undefined;
    }> = [];
    const keyOf = (piece: Piece) => {
      const bounds = readBounds(piece, now);
      return { bounds, key: `${prefix}\u0000${bounds.from}\u0000${bounds.to}` };
    };
    const found = planned.map((pieces) =>
      pieces.map((piece) => {
        const { bounds, key } = keyOf(piece);
        const finished = bounds.to < now - PIECE_SETTLE_MS;
        // an unfinished piece is kept only at a known version; undefined: not kept
        const keptAt = finished ? null : version === null || writing ? undefined : version;
        const figures =
          keptAt === undefined
            ? undefined
            : (this.cache.get(profileId, key, keptAt) ??
              (keptAt === null ? undefined : this.stillTrue(profileId, key, keptAt, bounds, reading)));
        // a piece asked twice (the range and the period before share none, but be sure) is read once
        if (!figures && !missing.some((other) => other.key === key)) missing.push({ bounds, key, keptAt });
        return figures;
      }),
    );
    if (missing.length > 0) {
      const read = await this.reader.pieceFigures(profileId, {
        pieces: missing.map(({ bounds }) => ({ from: new Date(bounds.from), to: new Date(bounds.to) })),
        filter: reading.filter,
        hourShiftMs: shift,
        parts: reading.parts,
      });
      const byKey = new Map<string, PieceFigures>();
      const stillSame = !this.recent.writing(profileId) && this.recent.writeVersion(profileId) === version;
      missing.forEach(({ key, keptAt }, i) => {
        const figures = read[i] as PieceFigures;
        byKey.set(key, figures);
        if (keptAt !== undefined && (keptAt === null || stillSame))
          this.cache.set(profileId, key, keptAt, figures);
      });
      return planned.map((pieces, p) =>
        pieces.map((piece, i) => ({
          piece,
          figures: found[p]?.[i] ?? (byKey.get(keyOf(piece).key) as PieceFigures),
        })),
      );
    }
    return planned.map((pieces, p) =>
      pieces.map((piece, i) => ({ piece, figures: found[p]?.[i] as PieceFigures })),
    );
  }
}

/**
 * whether an event written since a piece was read may change its figures: with a filter, any event
 * of its UTC day (a view elsewhere that day may keep a visitor); else one of the piece's own time
 * whose type it counts
 */
export function changes(
  row: DayEventRow,
  bounds: { from: number; to: number },
  reading: PieceReading,
): boolean {
  if (isFiltered(reading.filter))
    return row.ts >= dayStart(bounds.from) && row.ts < dayStart(bounds.from) + DAY;
  if (row.ts < bounds.from || row.ts > bounds.to) return false;
  if (reading.parts === 'links') return row.type === 'link_clicked';
  if (reading.parts === 'series') return row.type === 'view';
  return true;
}

function totalsOf(reads: Read[]) {
  return finishTotals(
    addDays(
      emptyTotals(),
      reads.map((read) => read.figures),
    ),
  );
}

/** pieces' views per bucket: a piece is inside one local day (its daily bucket); hours as read */
function seriesOf(reads: Read[], granularity: Granularity): SeriesRow[] {
  const buckets = new Map<number, SeriesRow>();
  const add = (bucket: number, visits: number, uniqueVisitors: number) => {
    const row = buckets.get(bucket) ?? { bucket: new Date(bucket), visits: 0, uniqueVisitors: 0 };
    row.visits += visits;
    row.uniqueVisitors += uniqueVisitors;
    buckets.set(bucket, row);
  };
  for (const { piece, figures } of reads) {
    if (granularity === 'hour') {
      for (const hour of figures.hours) add(hour.bucket.getTime(), hour.visits, hour.uniqueVisitors);
    } else {
      const views = figures.byType.find((row) => row.type === 'view');
      add(piece.localDay, views?.events ?? 0, figures.stepVisitors.viewed);
    }
  }
  return [...buckets.values()].sort((a, b) => a.bucket.getTime() - b.bucket.getTime());
}

/** visitor ids are per UTC day: a link's distinct visitors of pieces add up */
function linkVisitorsOf(reads: Read[]): Map<string, number> {
  const visitors = new Map<string, number>();
  for (const { figures } of reads)
    for (const link of figures.linkVisitors)
      visitors.set(link.target, (visitors.get(link.target) ?? 0) + link.visitors);
  return visitors;
}
