import type { EventRows } from './enrichment/event-rows';
import type { DayEventRow, StoredEvent, VisitRow } from './events';

// defined with the events, which the row writer builds; named here too, where the store's reads use them
export type { DayEventRow, VisitRow } from './events';

export interface TimeRange {
  from: Date;
  to: Date;
}

export type Granularity = 'hour' | 'day';

export interface CountRow {
  key: string;
  count: number;
}

export interface SeriesRow {
  /** bucket start */
  bucket: Date;
  visits: number;
  uniqueVisitors: number;
}

/** one event type's figures over a range */
export interface TypeFigures {
  type: string;
  events: number;
  /** events of signed-in visitors */
  authenticated: number;
  /** distinct visitors with this type of event */
  visitors: number;
}

/** the funnel's steps, each the distinct visitors who did any of its event types */
export const FUNNEL_STEPS = {
  viewed: ['view'],
  saved_or_shared: ['vcard_saved', 'shared'],
  clicked: ['link_clicked', 'email_clicked', 'call_clicked'],
  messaged: ['message_sent'],
} as const;
export type FunnelStepName = keyof typeof FUNNEL_STEPS;

export interface RangeFigures {
  byType: TypeFigures[];
  /** distinct visitors per funnel step */
  stepVisitors: Record<FunnelStepName, number>;
}

/**
 * the views' breakdown dimensions (each the events table's column of that name), with the field of a
 * raw event (DayEventRow) that holds it
 */
export const VIEW_DIMENSIONS = [
  ['country', 'country'],
  ['city', 'city'],
  ['device', 'device'],
  ['browser', 'browser'],
  ['referrer_host', 'referrerHost'],
  ['channel', 'channel'],
  ['utm_source', 'utmSource'],
  ['utm_medium', 'utmMedium'],
  ['utm_campaign', 'utmCampaign'],
] as const satisfies ReadonlyArray<readonly [string, keyof DayEventRow]>;
export type ViewDimension = (typeof VIEW_DIMENSIONS)[number][0];
export type BreakdownDimension = ViewDimension | 'link';

/** views by each view dimension's value; link clicks by target */
export interface BreakdownRow {
  dimension: BreakdownDimension;
  /** '' : unknown or direct */
  value: string;
  count: number;
}

/** one UTC day's figures of one part of a range; visitor ids are per card and UTC day, so the
 * distinct visitors of different days add up */
export interface DayFigures {
  byType: Array<{ type: string; events: number; authenticated: number }>;
  stepVisitors: Record<FunnelStepName, number>;
  breakdowns: BreakdownRow[];
}

/**
 * what a busy day's parts that start at its start or end at its end are counted from, without its
 * events: each whole hour's counts (the rollups) and each distinct visitor's first and last event
 */
export interface DayOutline {
  /** the whole hours of the range with events: the hour's start (ms), counts by type, breakdowns */
  hours: Array<{ hour: number; byType: DayFigures['byType']; breakdowns: BreakdownRow[] }>;
  /** per funnel step, each distinct visitor of the range: id, first and last event (ms) */
  visitors: Array<{ step: FunnelStepName; ids: string[]; first: number[]; last: number[] }>;
}

export interface LiveFigures {
  visits: number;
  visitors: number;
}

export interface VisitCursor {
  ts: Date;
  id: string;
}

/** the worker's insert of enriched events */
export interface EventWriter {
  /**
   * one insert; a repeated batch id stores the rows once. throws so the queue retries. the rows as
   * the enricher writes them (EventRows), or as objects
   */
  insertEvents(batchId: string, rows: EventRows | readonly StoredEvent[]): Promise<void>;
}

/** a raw event of one of several cards, as a team's held days take it */
export interface TeamEventRow extends DayEventRow {
  profileId: string;
}

/** one card's line in a team's table */
export interface CardCounts {
  visits: number;
  /** distinct viewers, added up over UTC days (visitor ids are per card and day) */
  uniqueVisitors: number;
  saves: number;
  messages: number;
}

/**
 * one UTC day (or the part of one a segment holds) of several cards: their figures added up (visitor
 * ids are per card, so distinct visitors of different cards add up too), each card's own counts, and
 * each card's link clicks by target, since the parts of a card that hold links are the card's own
 */
export interface TeamDayFigures extends DayFigures {
  /** the cards with events that day */
  cards: Map<string, CardCounts>;
  cardLinks: Array<{ profileId: string; target: string; clicks: number }>;
  /** the most distinct visitors one card had in one funnel step that day, as the store counted them */
  largestCardUniques: number;
}

/** the distinct visitors who clicked one link of one card over a range */
export interface TeamLinkVisitors {
  profileId: string;
  target: string;
  visitors: number;
}

/** one bucket of a zone's series (its start, ms): views and distinct visitors */
export interface ZoneSeriesRow {
  bucket: number;
  visits: number;
  uniqueVisitors: number;
}

/** the dashboard's queries over several cards at once: a team's */
export interface TeamFiguresReader {
  /** the distinct visitors who clicked each link of each card over a range, from the raw link clicks */
  teamLinkVisitors(profileIds: string[], range: TimeRange): Promise<TeamLinkVisitors[]>;
  /**
   * views and distinct visitors of the cards per bucket of a zone (each bucket's start, then the last
   * one's end, in ms), each card's visitors counted apart and added up
   */
  teamZoneSeries(profileIds: string[], bucketStarts: number[]): Promise<ZoneSeriesRow[]>;
  /**
   * the figures of each segment (disjoint ranges), per UTC day, of these cards together, in one read:
   * segment index, then day (YYYY-MM-DD). whole hours from the rollups, the rest from the raw events
   */
  teamDailyFigures(
    profileIds: string[],
    segments: TimeRange[],
  ): Promise<Map<number, Map<string, TeamDayFigures>>>;
  /** views and distinct visitors per bucket, each card's visitors counted apart and added up */
  teamSeries(profileIds: string[], range: TimeRange, granularity: Granularity): Promise<SeriesRow[]>;
  /**
   * the cards' raw events in each of these disjoint ranges (both ends included), oldest first. a range
   * with more than `limit` events comes back with `limit + 1`, so the caller can tell it was cut.
   */
  teamRawEvents(profileIds: string[], ranges: TimeRange[], limit: number): Promise<TeamEventRow[][]>;
}

/**
 * what a narrowed read keeps: the visitors (per card and UTC day) whose view that day matched every
 * `views` test (one view matching all of them), and, with `link`, who clicked that link that day.
 * every event of those visitors counts. no tests and no link: every event
 */
export interface StoreFilter {
  /** a view's column and the values it may hold (any of them) */
  views: Array<{ column: ViewDimension; values: string[] }>;
  /** a link_clicked event's target */
  link: string | null;
}

/** what a read of pieces counts */
export interface PieceRequest {
  /** disjoint ranges, each inside one UTC day (both ends included) */
  pieces: TimeRange[];
  filter: StoreFilter;
  /**
   * views and visitors per hour, the hours starting this many ms past a UTC hour (a zone's offset
   * modulo an hour: 1 800 000 for +05:30); null: no hourly buckets
   */
  hourShiftMs: number | null;
  /**
   * 'series': the views, their visitors and hourly buckets only; 'links': the link clicks and their
   * visitors only (a twentieth of the events)
   */
  parts: 'all' | 'series' | 'links';
}

/** one piece's figures: a day's figures of a part of one UTC day, with link visitors and hourly buckets */
export interface PieceFigures extends DayFigures {
  /** the distinct visitors who clicked each link target */
  linkVisitors: Array<{ target: string; visitors: number }>;
  /** views and distinct visitors per hour (PieceRequest.hourShiftMs), empty without */
  hours: SeriesRow[];
}

/** a day's link targets, each with its visitors' last clicks (ms, ascending) */
export type LinkClickOutline = Array<{ target: string; last: number[] }>;

/** the queries behind the dashboard: a card's, and a team's over its cards */
export interface FiguresReader extends TeamFiguresReader {
  /** whether the store runs queries at once (a server) or one at a time (the embedded engine) */
  readonly parallelQueries: boolean;
  /** events, signed-in events and distinct visitors per type, and distinct visitors per funnel step */
  figures(profileId: string, range: TimeRange): Promise<RangeFigures>;
  /** the top 100 values of every breakdown dimension, most first */
  breakdowns(profileId: string, range: TimeRange): Promise<BreakdownRow[]>;
  /** views and distinct visitors per bucket */
  series(profileId: string, range: TimeRange, granularity: Granularity): Promise<SeriesRow[]>;
  /** views, newest first, strictly after the cursor; with a filter, those of the visitors it keeps */
  visits(
    profileId: string,
    range: TimeRange,
    limit: number,
    after: VisitCursor | null,
    filter?: StoreFilter,
  ): Promise<VisitRow[]>;
  /** the figures of each piece, in the order asked, from the raw events, in one query */
  pieceFigures(profileId: string, request: PieceRequest): Promise<PieceFigures[]>;
  /**
   * per range (each inside one UTC day), each link target clicked and the last click (ms) of each of
   * its visitors, ascending: a part of the day from a moment to its end holds the visitors whose last
   * click is at or after that moment
   */
  linkClickOutlines(profileId: string, ranges: TimeRange[]): Promise<LinkClickOutline[]>;
  /**
   * views per card and bucket (views add up, so whole hours come from the rollups): the buckets are
   * the intervals between the given starts (ascending instants; the last one is the end, excluded)
   */
  cardsVisits(
    profileIds: string[],
    bucketStarts: number[],
  ): Promise<Array<{ profileId: string; bucket: number; visits: number }>>;
  /**
   * the figures of each segment (disjoint ranges), per UTC day, in one query: segment index, then
   * day (YYYY-MM-DD)
   */
  dailyFigures(profileId: string, segments: TimeRange[]): Promise<Map<number, Map<string, DayFigures>>>;
  /**
   * a card's raw events in each of these disjoint ranges (both ends included), oldest first. a range
   * with more than `limit` events comes back with `limit + 1`, so the caller can tell it was cut.
   */
  rawEvents(profileId: string, ranges: TimeRange[], limit: number): Promise<DayEventRow[][]>;
  /** the outline of each of these disjoint ranges (each within one UTC day), in one read */
  dayOutlines(profileId: string, ranges: TimeRange[]): Promise<DayOutline[]>;
  /** raw events older than this may be gone (the retention); null while they are kept for ever */
  rawKeptSince(): Date | null;
  /** views and distinct visitors from the raw events since a moment */
  live(profileId: string, since: Date): Promise<LiveFigures>;
}

/** one visitor's day on one card: the card, the UTC day (YYYY-MM-DD) and the day's visitor hash */
export interface VisitorDay {
  profileId: string;
  day: string;
  visitorHash: string;
}

/** a visitor day's events, counted by type (view, vcard_saved, ...); a type without events is absent */
export type VisitorDayEvents = Partial<Record<string, number>>;

/** what one visitor did on a card in one UTC day: the lead's follow-up signals */
export interface VisitorDayReader {
  /** each visitor day's events by type, in the order asked */
  visitorDays(days: readonly VisitorDay[]): Promise<VisitorDayEvents[]>;
}

/** a profile's erasure and the raw events' retention */
export interface EventEraser {
  /** erases a profile's raw events and its rollups */
  deleteProfileEvents(profileId: string): Promise<void>;
  /** how long raw events are kept, in days (null: for ever); the rollups keep the totals */
  applyRetention(days: number | null): Promise<void>;
  /** marks a profile erased, for good (profile ids are never reused) */
  recordErasure(profileId: string): Promise<void>;
  /** which of these profiles were erased */
  erasedAmong(profileIds: string[]): Promise<Set<string>>;
}

/** the store's tables */
export interface AnalyticsSchema {
  /** applies pending migrations and returns their versions; safe to call on every start */
  migrate(): Promise<number[]>;
}

/** the store's own backup and restore (ClickHouse's BACKUP and RESTORE), where its files are at hand */
export interface AnalyticsBackup {
  /** the folder backups are made in and restored from; null: the store is a server, not on this machine */
  readonly backupsDir: string | null;
  /** BACKUP DATABASE into a new folder `name` of backupsDir; the folder's path */
  backupDatabase(name: string): Promise<string>;
  /** RESTORE DATABASE from a folder of backupsDir into a store that has no tables yet */
  restoreDatabase(dir: string): Promise<void>;
  /** the rows of each table of the database, by name */
  tableRows(): Promise<Record<string, number>>;
  /** the migrations the store has applied */
  appliedMigrations(): Promise<number[]>;
}

/**
 * what a process wrote to the store lately, so its reads can be kept and added to instead of read
 * again. only a process that sees every write made to the store knows (the embedded engine, which one
 * process holds); elsewhere NO_RECENT_WRITES, which knows nothing.
 */
export interface RecentWrites {
  /**
   * a number that changes whenever the card's events were written or erased; null where other
   * processes write too. what was read at one version is still true at the same version, also while
   * the next write runs (that write is not done).
   */
  writeVersion(profileId: string): number | null;
  /** whether a write of the card is under way: a read meanwhile may hold part of it, so it is not kept */
  writing(profileId: string): boolean;
  /**
   * the raw events written for the card after a version, oldest write first, where they are still
   * held (the last few writes of the last minute); null when they are not, or when a write since
   * was an erase or an insert that failed (what it stored is not known)
   */
  writtenSince(profileId: string, version: number): DayEventRow[] | null;
  /** the views among them, as the visit list shows them, on the same terms */
  viewsWrittenSince(profileId: string, version: number): VisitRow[] | null;
}

/** the recent writes of a process that does not see every write (the cluster): nothing is known */
export const NO_RECENT_WRITES: RecentWrites = {
  writeVersion: () => null,
  writing: () => false,
  writtenSince: () => null,
  viewsWrittenSince: () => null,
};
