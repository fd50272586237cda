import { tsvField } from '../../enrichment/event-rows';
import { toClickHouseTime } from '../../events';
import type { EventEraser } from '../../ports';
import type { ClickHouseConnection } from './clickhouse-client';
import { queryRows, type RawRetention } from './sql';

/** a profile's erasure (its rows deleted, its id marked for good) and the raw events' retention */
export class ClickHouseErasure implements EventEraser {
  constructor(
    private readonly connection: ClickHouseConnection,
    private readonly retention: RawRetention,
  ) {}

  async deleteProfileEvents(profileId: string): Promise<void> {
    // the views only add, so the rollups are erased with the events
    for (const table of ['events', 'events_hourly', 'breakdown_hourly', 'link_clicks_daily']) {
      await this.connection.client.command({
        query: `DELETE FROM ${table} WHERE profile_id = {profileId:String}`,
        query_params: { profileId },
      });
    }
  }

  async applyRetention(days: number | null): Promise<void> {
    if (days !== null && (!Number.isInteger(days) || days < 1)) {
      throw new Error(`raw event retention must be a whole number of days (got ${days})`);
    }
    const [table] = await queryRows<{ engine_full: string }>(
      this.connection.client,
      "SELECT engine_full FROM system.tables WHERE database = currentDatabase() AND name = 'events'",
      {},
    );
    const current = /\bTTL\b.*toIntervalDay\((\d+)\)/.exec(table?.engine_full ?? '');
    const currentDays = current ? Number(current[1]) : null;
    if (currentDays !== days) {
      // ddl takes no bound values; days is a checked whole number. materialize_ttl_after_modify = 0:
      // expired rows leave with the parts' next merges instead of a rewrite of the whole table now
      await this.connection.client.command({
        query:
          days === null
            ? 'ALTER TABLE events REMOVE TTL'
            : `ALTER TABLE events MODIFY TTL toDateTime(ts) + INTERVAL ${days} DAY`,
        clickhouse_settings: { materialize_ttl_after_modify: 0 },
      });
    }
    this.retention.days = days;
  }

  async recordErasure(profileId: string): Promise<void> {
    const line = `${tsvField(profileId)}\t${toClickHouseTime(new Date())}\n`;
    await this.connection.insert({
      table: 'erased_profiles',
      columns: ['profile_id', 'erased_at'],
      format: 'TabSeparated',
      body: [Buffer.from(line, 'utf8')],
    });
  }

  async erasedAmong(profileIds: string[]): Promise<Set<string>> {
    if (profileIds.length === 0) return new Set();
    const rows = await queryRows<{ profile_id: string }>(
      this.connection.client,
      'SELECT DISTINCT profile_id FROM erased_profiles WHERE profile_id IN {ids:Array(String)}',
      { ids: profileIds },
    );
    return new Set(rows.map((row) => row.profile_id));
  }
}
