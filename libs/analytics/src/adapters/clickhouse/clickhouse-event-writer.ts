import { EVENT_COLUMNS, EVENT_ROWS_FORMAT, EventRows, eventRowsOf } from '../../enrichment/event-rows';
import type { StoredEvent } from '../../events';
import type { EventWriter } from '../../ports';
import type { ClickHouseConnection } from './clickhouse-client';

/** the worker's insert: the body as the enricher wrote it (TabSeparated), sent as it is */
export class ClickHouseEventWriter implements EventWriter {
  constructor(private readonly connection: ClickHouseConnection) {}

  async insertEvents(batchId: string, rows: EventRows | readonly StoredEvent[]): Promise<void> {
    const written = rows instanceof EventRows ? rows : eventRowsOf(rows);
    if (written.count === 0) return;
    written.seal();
    await this.connection.insert({
      table: 'events',
      columns: EVENT_COLUMNS,
      format: EVENT_ROWS_FORMAT,
      body: written.chunks,
      // the rollups' views deduplicate a retried batch too
      settings: {
        insert_deduplication_token: batchId,
        deduplicate_blocks_in_dependent_materialized_views: 1,
      },
      background: true,
    });
  }
}
