import type { ClickHouseClient } from '@clickhouse/client';
import { fromClickHouseTime, toClickHouseTime, type StoredEvent } from '../../events';
import type {
  AnalyticsStore,
  CountRow,
  Granularity,
  SeriesRow,
  SummaryTotals,
  TimeRange,
  VisitCursor,
  VisitRow,
} from '../../ports';
import { openClickHouse, type ClickHouseTransport, type OpenedClickHouse } from './clickhouse-client';
import { DEFAULT_MIGRATIONS_DIR, runMigrations } from './migrations';

// the same sql runs on a ClickHouse server and on chdb; values are always bound, never spliced
const VIEWS_IN_RANGE = `profile_id = {profileId:String}
  AND ts >= {from:DateTime64(3, 'UTC')} AND ts <= {to:DateTime64(3, 'UTC')}`;

const GROUP_COLUMNS = { country: 'country', device: 'device', referrer_host: 'referrer_host' } as const;

type Params = Record<string, string | number | string[]>;

function rangeParams(profileId: string, range: TimeRange): Params {
  return { profileId, from: toClickHouseTime(range.from), to: toClickHouseTime(range.to) };
}

export interface ClickHouseStoreOptions {
  transport: ClickHouseTransport;
  migrationsDir?: string;
}

/** the analytics store on ClickHouse, through @clickhouse/client over http or chdb */
export class ClickHouseAnalyticsStore implements AnalyticsStore {
  private constructor(
    private readonly opened: OpenedClickHouse,
    private readonly migrationsDir: string,
  ) {}

  static open(options: ClickHouseStoreOptions): ClickHouseAnalyticsStore {
    return new ClickHouseAnalyticsStore(
      openClickHouse(options.transport),
      options.migrationsDir ?? DEFAULT_MIGRATIONS_DIR,
    );
  }

  get transport(): 'http' | 'chdb' {
    return this.opened.transport;
  }

  /** the raw client, for operations and tests */
  get client(): ClickHouseClient {
    return this.opened.client;
  }

  private async rows<T>(query: string, params: Params): Promise<T[]> {
    const result = await this.client.query({ query, query_params: params, format: 'JSONEachRow' });
    return result.json<T>();
  }

  async migrate(): Promise<void> {
    await runMigrations(this.client, this.migrationsDir);
  }

  async insertEvents(batchId: string, rows: StoredEvent[]): Promise<void> {
    if (rows.length === 0) return;
    await this.client.insert({
      table: 'events',
      values: rows,
      format: 'JSONEachRow',
      clickhouse_settings: { insert_deduplication_token: batchId },
    });
  }

  async totals(profileId: string, range: TimeRange): Promise<SummaryTotals> {
    const [row] = await this.rows<{ total: string; uniq: string; auth: string }>(
      `SELECT count() AS total, uniqExact(visitor_id) AS uniq, countIf(authenticated = 1) AS auth
       FROM events WHERE ${VIEWS_IN_RANGE} AND type = 'view'`,
      rangeParams(profileId, range),
    );
    return {
      totalVisits: Number(row?.total ?? 0),
      uniqueVisitors: Number(row?.uniq ?? 0),
      authenticatedVisits: Number(row?.auth ?? 0),
    };
  }

  async visitsBy(
    profileId: string,
    range: TimeRange,
    column: keyof typeof GROUP_COLUMNS,
  ): Promise<CountRow[]> {
    const name = GROUP_COLUMNS[column];
    const rows = await this.rows<{ key: string; count: string }>(
      `SELECT toString(${name}) AS key, count() AS count
       FROM events WHERE ${VIEWS_IN_RANGE} AND type = 'view'
       GROUP BY key ORDER BY count DESC, key ASC LIMIT 100`,
      rangeParams(profileId, range),
    );
    return rows.map((r) => ({ key: r.key, count: Number(r.count) }));
  }

  async engagement(profileId: string, range: TimeRange): Promise<CountRow[]> {
    const rows = await this.rows<{ key: string; count: string }>(
      `SELECT toString(type) AS key, count() AS count
       FROM events WHERE ${VIEWS_IN_RANGE} AND type != 'view'
       GROUP BY key ORDER BY key`,
      rangeParams(profileId, range),
    );
    return rows.map((r) => ({ key: r.key, count: Number(r.count) }));
  }

  async series(profileId: string, range: TimeRange, granularity: Granularity): Promise<SeriesRow[]> {
    const bucket = granularity === 'hour' ? 'toStartOfHour(ts)' : 'toStartOfDay(ts)';
    const rows = await this.rows<{ bucket: string; visits: string; uniq: string }>(
      `SELECT formatDateTime(${bucket}, '%Y-%m-%d %H:%i:%S', 'UTC') AS bucket,
              count() AS visits, uniqExact(visitor_id) AS uniq
       FROM events WHERE ${VIEWS_IN_RANGE} AND type = 'view'
       GROUP BY bucket ORDER BY bucket`,
      rangeParams(profileId, range),
    );
    return rows.map((r) => ({
      bucket: fromClickHouseTime(r.bucket),
      visits: Number(r.visits),
      uniqueVisitors: Number(r.uniq),
    }));
  }

  async visits(
    profileId: string,
    range: TimeRange,
    limit: number,
    after: VisitCursor | null,
  ): Promise<VisitRow[]> {
    const params: Params = { ...rangeParams(profileId, range), limit };
    let keyset = '';
    if (after) {
      keyset = `AND (ts, event_id) < ({afterTs:DateTime64(3, 'UTC')}, {afterId:UUID})`;
      params.afterTs = toClickHouseTime(after.ts);
      params.afterId = after.id;
    }
    const rows = await this.rows<{
      event_id: string;
      ts: string;
      user_id: string;
      authenticated: number | string;
      city: string;
      country: string;
      device: string;
      referrer_host: string;
    }>(
      `SELECT event_id, ts, user_id, authenticated, city, country, device, referrer_host
       FROM events WHERE ${VIEWS_IN_RANGE} AND type = 'view' ${keyset}
       ORDER BY ts DESC, event_id DESC LIMIT {limit:UInt32}`,
      params,
    );
    return rows.map((r) => ({
      id: r.event_id,
      ts: fromClickHouseTime(r.ts),
      userId: r.user_id || null,
      authenticated: Number(r.authenticated) === 1,
      city: r.city || null,
      country: r.country || null,
      device: r.device || null,
      referrerHost: r.referrer_host || null,
    }));
  }

  async deleteProfileEvents(profileId: string): Promise<void> {
    await this.client.command({
      query: 'DELETE FROM events WHERE profile_id = {profileId:String}',
      query_params: { profileId },
    });
  }

  async recordErasure(profileId: string): Promise<void> {
    await this.client.insert({
      table: 'erased_profiles',
      values: [{ profile_id: profileId, erased_at: toClickHouseTime(new Date()) }],
      format: 'JSONEachRow',
    });
  }

  async erasedAmong(profileIds: string[]): Promise<Set<string>> {
    if (profileIds.length === 0) return new Set();
    const rows = await this.rows<{ profile_id: string }>(
      'SELECT DISTINCT profile_id FROM erased_profiles WHERE profile_id IN {ids:Array(String)}',
      { ids: profileIds },
    );
    return new Set(rows.map((row) => row.profile_id));
  }

  async ping(): Promise<void> {
    const result = await this.client.ping();
    if (!result.success) throw result.error;
  }

  async close(): Promise<void> {
    await this.opened.close();
  }
}
