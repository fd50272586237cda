import type { LiveVisitorsResponse, VisitSummaryResponse } from '@cardcraft/contracts';
import type { FiguresReader, RecentWrites, TimeRange } from '../ports';
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

// the read side's names as the package has always exported them from here
export { type ReadCaches } from './figures-source';
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

/**
 * the dashboard's reads: the range planned (range-planner), its figures read where they are kept or
 * from the store (FiguresSource), the answer shaped as the contracts say (response-assembler)
 */
export class AnalyticsReadService {
  private readonly source: FiguresSource;

  constructor(
    reader: FiguresReader,
    /** what the store wrote lately; NO_RECENT_WRITES where other processes write too */
    recent: RecentWrites,
    caches?: ReadCaches,
    clock?: () => number,
  ) {
    this.source = new FiguresSource(reader, recent, caches, clock);
  }

  /** a card's kept figures go when its analytics are erased */
  forget(profileId: string): void {
    this.source.forget(profileId);
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

  /** views in the last five minutes, from the raw events */
  async live(profileId: string, now: Date = new Date()): Promise<LiveVisitorsResponse> {
    const figures = await this.source.live(profileId, new Date(now.getTime() - LIVE_WINDOW_MS));
    return liveResponse(figures, now);
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
