import { join } from 'node:path';
import type { ClickHouseClient } from '@clickhouse/client';

/** a string literal of ClickHouse's sql */
function literal(text: string): string {
  return `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

/** an identifier of ClickHouse's sql */
function identifier(name: string): string {
  return `\`${name.replace(/\\/g, '\\\\').replace(/`/g, '\\`')}\``;
}

/**
 * ClickHouse's own BACKUP and RESTORE of the store's database, into and out of a folder the engine
 * was allowed to use (backups.allowed_path): every table, its parts and its metadata (the rollups'
 * materialized views and schema_migrations too), so a restored store is not migrated again
 */
export class ClickHouseBackups {
  constructor(
    private readonly client: ClickHouseClient,
    readonly backupsDir: string | null,
  ) {}

  async backupDatabase(name: string): Promise<string> {
    if (!/^[\w.-]+$/.test(name)) throw new Error(`not a backup name: ${name}`);
    const dir = join(this.folder(), name);
    const database = await this.database();
    await this.client.command({ query: `BACKUP DATABASE ${identifier(database)} TO File(${literal(dir)})` });
    return dir;
  }

  async restoreDatabase(dir: string): Promise<void> {
    const folder = this.folder();
    if (!dir.startsWith(`${folder}/`)) throw new Error(`${dir} is not in the backups folder ${folder}`);
    const database = await this.database();
    await this.client.command({
      query: `RESTORE DATABASE ${identifier(database)} FROM File(${literal(dir)})`,
    });
  }

  async tableRows(): Promise<Record<string, number>> {
    const database = await this.database();
    const result = await this.client.query({
      query: `SELECT name FROM system.tables
              WHERE database = {database:String} AND engine LIKE '%MergeTree' ORDER BY name`,
      query_params: { database },
      format: 'JSONEachRow',
    });
    const rows: Record<string, number> = {};
    for (const { name } of await result.json<{ name: string }>()) {
      const counted = await this.client.query({
        query: `SELECT count() AS n FROM ${identifier(name)}`,
        format: 'JSONEachRow',
      });
      const [{ n }] = await counted.json<{ n: number | string }>();
      rows[name] = Number(n);
    }
    return rows;
  }

  /**
   * which of these insert ids (a batch's, or a group's: the batch_id its rows carry) the events hold.
   * one scan of the batch_id column: for a restore, not a request
   */
  async storedBatches(insertIds: readonly string[]): Promise<Set<string>> {
    if (insertIds.length === 0) return new Set();
    const result = await this.client.query({
      query: 'SELECT DISTINCT batch_id FROM events WHERE batch_id IN {ids:Array(String)}',
      query_params: { ids: insertIds },
      format: 'JSONEachRow',
    });
    return new Set((await result.json<{ batch_id: string }>()).map((row) => row.batch_id));
  }

  private folder(): string {
    if (!this.backupsDir) throw new Error('this store is a server: back it up with its own BACKUP');
    return this.backupsDir;
  }

  private async database(): Promise<string> {
    const result = await this.client.query({
      query: 'SELECT currentDatabase() AS name',
      format: 'JSONEachRow',
    });
    const [{ name }] = await result.json<{ name: string }>();
    return name;
  }
}
