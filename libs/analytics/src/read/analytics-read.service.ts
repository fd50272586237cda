import type { LiveVisitorsResponse, VisitSummaryResponse } from '@cardcraft/contracts';
import type { DayFigures, FiguresReader, RecentWrites, TimeRange } from '../ports';
import { FiguresSource, type ReadCaches } from './figures-source';
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

  constructor(
    private readonly reader: FiguresReader,
    /** what the store wrote lately; NO_RECENT_WRITES where other processes write too */
    recent: RecentWrites,
    caches?: ReadCaches,
    clock?: () => number,
  ) {
    this.source = new FiguresSource(reader, recent, caches, clock);
    this.teams = new TeamFiguresSource(reader, recent, caches?.teams ?? DEFAULT_TEAM_CACHE, clock);
  }

  /** a card's kept figures go when its analytics are erased */
  forget(profileId: string): void {
    this.source.forget(profileId);
    this.teams.forget(profileId);
  }

  async summary(
    profileId: string,
    range: TimeRange,
    linkOwners: LinkOwner[] = [],
  ): Promise<VisitSummaryResponse> {
    const granularity = granularityOf(range);
    const before = previousRange(range);
    const figures = await this.source.summary(profileId, range, before, granularity);
    return summaryResponse({ range, before, granularity, ...figures }, linkOwners);
  }

  /**
   * a team's summary over its cards (the same widgets as a card's, added up over them) and a line a
   * card; no cards: zeros
   */
  teamSummary(
    cards: ReadonlyArray<{ profileId: string; linkOwners: LinkOwner[] }>,
    range: TimeRange,
  ): Promise<TeamSummary> {
    return this.teams.summary(cards, {
      range,
      before: previousRange(range),
      granularity: granularityOf(range),
    });
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

  async visits(
    profileId: string,
    range: TimeRange,
    pageSize: number,
    cursor: string | null,
  ): Promise<VisitPage> {
    const after = cursor ? decodeCursor(cursor) : null;
    return visitPage(await this.source.visits(profileId, range, pageSize + 1, after), pageSize);
  }
}
