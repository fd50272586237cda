import type { ClickHouseClient } from '@clickhouse/client';
import { SchemaVersionError } from '@cardcraft/storage';
import type { EventRows } from '../../enrichment/event-rows';
import type { StoredEvent } from '../../events';
import type {
  AnalyticsBackup,
  AnalyticsSchema,
  BreakdownRow,
  DayEventRow,
  DayFigures,
  DayOutline,
  EventEraser,
  EventWriter,
  FiguresReader,
  Granularity,
  LinkClickOutline,
  LiveFigures,
  PieceFigures,
  PieceRequest,
  RangeFigures,
  SeriesRow,
  TeamLinkVisitors,
  ZoneSeriesRow,
  StoreFilter,
  TeamDayFigures,
  TeamEventRow,
  TimeRange,
  VisitCursor,
  VisitorDay,
  VisitorDayEvents,
  VisitorDayReader,
  VisitRow,
} from '../../ports';
import { ClickHouseBackups } from './clickhouse-backup';
import { openClickHouse, type ClickHouseConnection, type ClickHouseTransport } from './clickhouse-client';
import { ClickHouseErasure } from './clickhouse-erasure';
import { ClickHouseEventReads } from './clickhouse-event-reads';
import { ClickHouseEventWriter } from './clickhouse-event-writer';
import { ClickHouseFigures } from './clickhouse-figures';
import { ClickHouseLinkReads } from './clickhouse-link-reads';
import { readCardsVisits, readPieceFigures } from './clickhouse-pieces';
import { ClickHouseTeamFigures } from './clickhouse-team-figures';
import { readTeamLinkVisitors, readTeamZoneSeries } from './clickhouse-team-reads';
import { readVisitorDays } from './clickhouse-visitor-days';
import {
  appliedVersions,
  DEFAULT_MIGRATIONS_DIR,
  pendingMigrations,
  runMigrations,
  schemaState,
} from './migrations';
import { RawRetention } from './sql';

export { splitRange } from './sql';

export interface ClickHouseStoreOptions {
  transport: ClickHouseTransport;
  migrationsDir?: string;
  /**
   * run a summary's queries at once. true over http (the server runs them in parallel); chdb runs one
   * query at a time whatever it is given, so there they go one after another.
   */
  parallelQueries?: boolean;
  /**
   * the dashboard's per-request reads (a summary's latest events, a page of visits) that run at the
   * same time, grouped into one query each time: 1 for chdb (one group at a time, the next one
   * gathering what arrives meanwhile), 4 over http
   */
  readGroupsAtOnce?: number;
}

/**
 * the analytics repository on ClickHouse, a server over http or chdb in this process: sql in, rows
 * out. each job has its own part (the writer, the figures, the raw events' reads, the erasure); what a
 * process remembers of its own writes is not here but in the write log (adapters/write-log).
 */
export class ClickHouseAnalyticsStore
  implements EventWriter, FiguresReader, VisitorDayReader, EventEraser, AnalyticsSchema, AnalyticsBackup
{
  private readonly retention = new RawRetention();
  private readonly writer: ClickHouseEventWriter;
  private readonly figuresOf: ClickHouseFigures;
  private readonly teams: ClickHouseTeamFigures;
  private readonly events: ClickHouseEventReads;
  private readonly links: ClickHouseLinkReads;
  private readonly erasure: ClickHouseErasure;
  private readonly backups: ClickHouseBackups;

  private constructor(
    private readonly connection: ClickHouseConnection,
    private readonly migrationsDir: string,
    readonly parallelQueries: boolean,
    readGroupsAtOnce: number,
  ) {
    this.writer = new ClickHouseEventWriter(connection);
    this.figuresOf = new ClickHouseFigures(connection.client, this.retention, readGroupsAtOnce);
    this.teams = new ClickHouseTeamFigures(connection.client, this.retention);
    this.events = new ClickHouseEventReads(connection.client, readGroupsAtOnce);
    this.links = new ClickHouseLinkReads(connection.client, readGroupsAtOnce);
    this.erasure = new ClickHouseErasure(connection, this.retention);
    this.backups = new ClickHouseBackups(connection.client, connection.backupsDir);
  }

  static open(options: ClickHouseStoreOptions): ClickHouseAnalyticsStore {
    const connection = openClickHouse(options.transport);
    return new ClickHouseAnalyticsStore(
      connection,
      options.migrationsDir ?? DEFAULT_MIGRATIONS_DIR,
      options.parallelQueries ?? connection.parallelQueries,
      options.readGroupsAtOnce ?? connection.readGroupsAtOnce,
    );
  }

  get transport(): ClickHouseConnection['kind'] {
    return this.connection.kind;
  }

  /** the raw client, for operations and tests */
  get client(): ClickHouseClient {
    return this.connection.client;
  }

  /** an insert of a body written elsewhere (the benchmarks' ways to insert) */
  get inserts(): Pick<ClickHouseConnection, 'insert'> {
    return this.connection;
  }

  /**
   * applies the pending migrations; returns their versions. a store a newer build migrated is
   * refused (SchemaVersionError) before anything is written
   */
  async migrate(): Promise<number[]> {
    await this.checkSchema({ pendingAllowed: true });
    return runMigrations(this.client, this.migrationsDir);
  }

  /**
   * the store's schema against this build's migrations, read only: refuses (SchemaVersionError) a
   * store with a version the build does not have, and one with migrations pending unless the caller
   * applies them (pendingAllowed)
   */
  async checkSchema({ pendingAllowed }: { pendingAllowed: boolean }): Promise<void> {
    const { stored, latest, pending } = await schemaState(this.client, this.migrationsDir);
    const { label } = this.connection;
    if (stored > latest) throw new SchemaVersionError(label, stored, latest);
    // the version below the first one missing: a store is behind from there
    if (!pendingAllowed && pending.length > 0) {
      throw new SchemaVersionError(label, Math.min(stored, pending[0] - 1), latest);
    }
  }

  get backupsDir(): string | null {
    return this.backups.backupsDir;
  }

  backupDatabase(name: string): Promise<string> {
    return this.backups.backupDatabase(name);
  }

  restoreDatabase(dir: string): Promise<void> {
    return this.backups.restoreDatabase(dir);
  }

  tableRows(): Promise<Record<string, number>> {
    return this.backups.tableRows();
  }

  /** which of these insert ids the events hold (a restored store's batches, against its queue) */
  storedBatches(insertIds: readonly string[]): Promise<Set<string>> {
    return this.backups.storedBatches(insertIds);
  }

  async appliedMigrations(): Promise<number[]> {
    return [...(await appliedVersions(this.client))].sort((a, b) => a - b);
  }

  /** the versions not yet applied to this store */
  pendingMigrations(): Promise<number[]> {
    return pendingMigrations(this.client, this.migrationsDir);
  }

  insertEvents(batchId: string, rows: EventRows | readonly StoredEvent[]): Promise<void> {
    return this.writer.insertEvents(batchId, rows);
  }

  figures(profileId: string, range: TimeRange): Promise<RangeFigures> {
    return this.figuresOf.figures(profileId, range);
  }

  breakdowns(profileId: string, range: TimeRange): Promise<BreakdownRow[]> {
    return this.figuresOf.breakdowns(profileId, range);
  }

  series(profileId: string, range: TimeRange, granularity: Granularity): Promise<SeriesRow[]> {
    return this.figuresOf.series(profileId, range, granularity);
  }

  dailyFigures(profileId: string, segments: TimeRange[]): Promise<Map<number, Map<string, DayFigures>>> {
    return this.figuresOf.dailyFigures(profileId, segments);
  }

  visits(
    profileId: string,
    range: TimeRange,
    limit: number,
    after: VisitCursor | null,
    filter?: StoreFilter,
  ): Promise<VisitRow[]> {
    return this.events.visits(profileId, range, limit, after, filter);
  }

  pieceFigures(profileId: string, request: PieceRequest): Promise<PieceFigures[]> {
    const { parts } = request;
    if (parts === 'links') return this.links.pieces(profileId, request);
    return readPieceFigures(this.client, profileId, { ...request, parts });
  }

  linkClickOutlines(profileId: string, ranges: TimeRange[]): Promise<LinkClickOutline[]> {
    return this.links.outlines(profileId, ranges);
  }

  cardsVisits(
    profileIds: string[],
    bucketStarts: number[],
  ): Promise<Array<{ profileId: string; bucket: number; visits: number }>> {
    return readCardsVisits(this.client, profileIds, bucketStarts);
  }

  dayOutlines(profileId: string, ranges: TimeRange[]): Promise<DayOutline[]> {
    return this.figuresOf.dayOutlines(profileId, ranges);
  }

  rawEvents(profileId: string, ranges: TimeRange[], limit: number): Promise<DayEventRow[][]> {
    return this.events.rawEvents(profileId, ranges, limit);
  }

  visitorDays(days: readonly VisitorDay[]): Promise<VisitorDayEvents[]> {
    return readVisitorDays(this.connection.client, days);
  }

  live(profileId: string, since: Date): Promise<LiveFigures> {
    return this.events.live(profileId, since);
  }

  teamDailyFigures(
    profileIds: string[],
    segments: TimeRange[],
  ): Promise<Map<number, Map<string, TeamDayFigures>>> {
    return this.teams.teamDailyFigures(profileIds, segments);
  }

  teamLinkVisitors(profileIds: string[], range: TimeRange): Promise<TeamLinkVisitors[]> {
    return readTeamLinkVisitors(this.client, profileIds, range);
  }

  teamZoneSeries(profileIds: string[], bucketStarts: number[]): Promise<ZoneSeriesRow[]> {
    return readTeamZoneSeries(this.client, profileIds, bucketStarts);
  }

  teamSeries(profileIds: string[], range: TimeRange, granularity: Granularity): Promise<SeriesRow[]> {
    return this.teams.teamSeries(profileIds, range, granularity);
  }

  teamRawEvents(profileIds: string[], ranges: TimeRange[], limit: number): Promise<TeamEventRow[][]> {
    return this.teams.teamRawEvents(profileIds, ranges, limit);
  }

  rawKeptSince(): Date | null {
    return this.retention.keptSince();
  }

  deleteProfileEvents(profileId: string): Promise<void> {
    return this.erasure.deleteProfileEvents(profileId);
  }

  applyRetention(days: number | null): Promise<void> {
    return this.erasure.applyRetention(days);
  }

  /** the raw retention the schema already has (set by the migration step), for the reads */
  keepRetention(days: number | null): void {
    this.retention.days = days;
  }

  recordErasure(profileId: string): Promise<void> {
    return this.erasure.recordErasure(profileId);
  }

  erasedAmong(profileIds: string[]): Promise<Set<string>> {
    return this.erasure.erasedAmong(profileIds);
  }

  async ping(): Promise<void> {
    const result = await this.client.ping();
    if (!result.success) throw result.error;
  }

  close(): Promise<void> {
    return this.connection.close();
  }
}
