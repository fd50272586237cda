import {
  filtersOf,
  type AnalyticsComparison,
  type AnalyticsFilters,
  type LiveVisitorsResponse,
  type VisitSummaryResponse,
} from '@cardcraft/contracts';
import type { DayFigures, FiguresReader, RecentWrites, SeriesRow, TimeRange } from '../ports';
import { FiguresSource, type ReadCaches, type SummaryFigures } from './figures-source';
import { isFiltered, storeFilterOf } from './filters';
import { CardsSeriesSource, type CardsSeries } from './cards-series';
import { PiecesSource } from './piece-source';
import { DEFAULT_PIECE_CACHE, PieceCache } from './pieces';
import { UTC, yearBefore } from './zone';
import { granularityOf, previousRange } from './range-planner';
import {
  decodeCursor,
  LIVE_WINDOW_MS,
  liveResponse,
  summaryResponse,
  visitPage,
  type LinkOwner,
  type VisitPage,
} from './response-assembler';
import { DEFAULT_TEAM_CACHE, TeamFiguresSource } from './team-figures';
import type { TeamSummary } from './team-merge';

// the read side's names as the package has always exported them from here
export { type ReadCaches } from './figures-source';
export { DEFAULT_TEAM_CACHE, type TeamCacheOptions } from './team-figures';
export { mergeSummaries, type SummaryFrame, type TeamCardRow, type TeamSummary } from './team-merge';
export { AnalyticsQueryError, granularityOf, parseRange, planDays, previousRange } from './range-planner';
export {
  clicksByOwner,
  decodeCursor,
  DIRECT_REFERRER,
  encodeCursor,
  fillSeries,
  LIVE_WINDOW_MS,
  UNIQUES_EXACT_BELOW,
  UNIQUES_STANDARD_ERROR,
  type LinkOwner,
  type VisitPage,
} from './response-assembler';

export { DEFAULT_PIECE_CACHE, type PieceCacheOptions } from './pieces';
export { bucketStarts, instantOfWall, isoInZone, localDate, UTC, wallTime, yearBefore } from './zone';

/** how a summary is read: all optional (UTC, the period before, no filters) */
export interface SummaryQuery {
  /** an IANA zone: the series' hours and days are its own */
  timeZone?: string;
  compare?: AnalyticsComparison;
  filters?: AnalyticsFilters;
}

/** one UTC day of a card's figures, as the owner's data export lists them */
export interface DayRow {
  /** YYYY-MM-DD */
  day: string;
  views: number;
  /** distinct viewers of the day */
  uniqueVisitors: number;
  /** views of signed-in visitors */
  signedInViews: number;
  /** events of every other type that day (vcard_saved, link_clicked, message_sent...) */
  events: Record<string, number>;
}

function dayRow(day: string, figures: DayFigures): DayRow {
  const events: Record<string, number> = {};
  for (const row of figures.byType) events[row.type] = (events[row.type] ?? 0) + row.events;
  const view = figures.byType.find((row) => row.type === 'view');
  delete events.view;
  return {
    day,
    views: view?.events ?? 0,
    uniqueVisitors: figures.stepVisitors.viewed,
    signedInViews: view?.authenticated ?? 0,
    events,
  };
}

/**
 * the dashboard's reads: the range planned (range-planner), its figures read where they are kept or
 * from the store (FiguresSource), the answer shaped as the contracts say (response-assembler)
 */
export class AnalyticsReadService {
  private readonly source: FiguresSource;
  private readonly teams: TeamFiguresSource;
  /** narrowed summaries, a zone's series and link visitors, read in pieces */
  private readonly pieces: PiecesSource;
  /** the overview's views per card and bucket */
  private readonly cards: CardsSeriesSource;

  constructor(
    private readonly reader: FiguresReader,
    /** what the store wrote lately; NO_RECENT_WRITES where other processes write too */
    recent: RecentWrites,
    caches?: ReadCaches,
    clock?: () => number,
  ) {
    this.source = new FiguresSource(reader, recent, caches, clock);
    this.teams = new TeamFiguresSource(reader, recent, caches?.teams ?? DEFAULT_TEAM_CACHE, clock);
    this.pieces = new PiecesSource(
      reader,
      recent,
      new PieceCache(caches?.pieces ?? DEFAULT_PIECE_CACHE, clock),
      clock,
    );
    this.cards = new CardsSeriesSource(reader, recent, clock);
  }

  /** a card's kept figures go when its analytics are erased */
  forget(profileId: string): void {
    this.source.forget(profileId);
    this.teams.forget(profileId);
    this.pieces.forget(profileId);
    this.cards.forget(profileId);
  }

  /**
   * a card's summary of a range (instants), its series in the query's zone, narrowed to its filters,
   * against the period before or the same dates a year before. the card is the caller's to read
   */
  async summary(
    profileId: string,
    range: TimeRange,
    linkOwners: LinkOwner[] = [],
    query: SummaryQuery = {},
  ): Promise<VisitSummaryResponse> {
    const timeZone = query.timeZone ?? UTC;
    const filters = filtersOf(query.filters ?? {});
    const filter = storeFilterOf(filters);
    const comparison = query.compare ?? 'previous';
    const granularity = granularityOf(range);
    // a narrowed read's comparison is counted from raw events in pieces: its end rounded up to the
    // minute, so the start it moves with the clock (a range ending now) is read again once a minute,
    // not on every read
    const compared = isFiltered(filter) ? endingOnAMinute(range) : range;
    const before = comparedRange(compared, comparison, timeZone);
    const frame = { range, before, granularity, timeZone, filters, comparison };
    if (isFiltered(filter)) {
      const figures = await this.pieces.summary(profileId, range, before, { filter, timeZone, granularity });
      return summaryResponse({ ...frame, ...figures }, linkOwners);
    }
    // unfiltered: the rollups' path as it always was, the link visitors and a zone's series in pieces
    const [figures, linkVisitors, series] = await this.all<
      [SummaryFigures, Map<string, number>, SeriesRow[] | null]
    >(
      () => this.source.summary(profileId, range, before, granularity),
      // after the summary (one query at a time): the day a rolling range starts inside is held by then
      () =>
        this.pieces.linkVisitors(profileId, range, (start, from) =>
          this.source.heldDayFrom(profileId, start, from),
        ),
      () =>
        timeZone === UTC
          ? Promise.resolve(null)
          : this.pieces.series(profileId, range, timeZone, granularity),
    );
    return summaryResponse(
      { ...frame, ...figures, series: series ?? figures.series, linkVisitors },
      linkOwners,
    );
  }

  /**
   * a team's summary over its cards (the same widgets as a card's, added up over them) and a line a
   * card; no cards: zeros. the period before, or the same dates a year before (in the zone)
   */
  teamSummary(
    cards: ReadonlyArray<{ profileId: string; linkOwners: LinkOwner[] }>,
    range: TimeRange,
    compare: { comparison: AnalyticsComparison; timeZone: string; linesOnly?: boolean } = {
      comparison: 'previous',
      timeZone: UTC,
    },
  ): Promise<TeamSummary> {
    return this.teams.summary(cards, {
      range,
      before: comparedRange(range, compare.comparison, compare.timeZone),
      granularity: granularityOf(range),
      timeZone: compare.timeZone,
      comparison: compare.comparison,
      linesOnly: compare.linesOnly,
    });
  }

  /**
   * views per card and bucket (hour or day) of the zone, from the rollups; a card without views:
   * absent. finished buckets are kept per card (cards-series.ts)
   */
  cardsSeries(profileIds: string[], range: TimeRange, timeZone: string): Promise<CardsSeries> {
    return this.cards.series(profileIds, range, timeZone);
  }

  /** views in the last five minutes, from the raw events */
  async live(profileId: string, now: Date = new Date()): Promise<LiveVisitorsResponse> {
    const figures = await this.source.live(profileId, new Date(now.getTime() - LIVE_WINDOW_MS));
    return liveResponse(figures, now);
  }

  /**
   * the figures of each UTC day of the range that had events, oldest first, in one query of the
   * store (the hourly rollups and the raw events at the range's edges): no cache, as an export reads
   * a card's whole history once
   */
  async daily(profileId: string, range: TimeRange): Promise<DayRow[]> {
    const days = (await this.reader.dailyFigures(profileId, [range])).get(0) ?? new Map<string, DayFigures>();
    return [...days.entries()]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([day, figures]) => dayRow(day, figures));
  }

  /** a page of the range's views, newest first; with filters, those of the visitors they keep */
  async visits(
    profileId: string,
    range: TimeRange,
    pageSize: number,
    cursor: string | null,
    filters: AnalyticsFilters = {},
  ): Promise<VisitPage> {
    const after = cursor ? decodeCursor(cursor) : null;
    const filter = storeFilterOf(filters);
    const rows = isFiltered(filter)
      ? await this.reader.visits(profileId, range, pageSize + 1, after, filter)
      : await this.source.visits(profileId, range, pageSize + 1, after);
    return visitPage(rows, pageSize);
  }

  private async all<T extends unknown[]>(...tasks: { [K in keyof T]: () => Promise<T[K]> }): Promise<T> {
    if (this.reader.parallelQueries) return (await Promise.all(tasks.map((task) => task()))) as T;
    const results: unknown[] = [];
    for (const task of tasks) results.push(await task());
    return results as T;
  }
}

/** the period a range is compared with: the same length just before, or the same local dates a year before */
const MINUTE = 60_000;

/** the range with its end moved to the last moment of its minute */
export function endingOnAMinute(range: TimeRange): TimeRange {
  return { from: range.from, to: new Date(Math.ceil((range.to.getTime() + 1) / MINUTE) * MINUTE - 1) };
}

export function comparedRange(
  range: TimeRange,
  comparison: AnalyticsComparison,
  timeZone: string,
): TimeRange {
  return comparison === 'year' ? yearBefore(range, timeZone) : previousRange(range);
}
