import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { ClickHouseClientConfigOptions, ClickHouseSettings } from '@clickhouse/client';

/** the connection @clickhouse/client takes (its type is not exported by name) */
export type ClientConnection = NonNullable<ClickHouseClientConfigOptions['connection']>;
type InsertResult = Awaited<ReturnType<ClientConnection['insert']>>;

/** chdb's raw passthrough insert, as chdb/connection's `.chdb` extension declares it */
export interface ChdbRawInsert {
  rawInsert(params: {
    table: string;
    values: Buffer;
    format: string;
    columns?: readonly string[];
    settings?: Record<string, string | number | boolean>;
  }): Promise<{ rowsWritten: number; bytesWritten: number; elapsed: number }>;
}

/** the formats chdb's raw insert takes, as the client names them */
const RAW_FORMATS = new Set(['TabSeparated', 'JSONEachRow', 'JSONCompactEachRow', 'CSV']);

/** the statement the client writes for an insert: INSERT INTO t [(a, b)] FORMAT f */
const CLIENT_INSERT = /^INSERT INTO ([A-Za-z_][A-Za-z0-9_]*)(?: \(([A-Za-z0-9_, ]+)\))? FORMAT ([A-Za-z]+)$/;

/** settings of the http interface, which the embedded engine does not know (chdb drops them too) */
const HTTP_ONLY = new Set([
  'wait_end_of_query',
  'send_progress_in_http_headers',
  'http_response_buffer_size',
  'http_headers_progress_interval_ms',
  'http_send_progress_interval_ms',
  'enable_http_compression',
  'http_zlib_compression_level',
  'http_response_compression_method',
  'http_native_compression_disable_checksumming_on_decompress',
]);

function engineSettings(settings: ClickHouseSettings | undefined): Record<string, string | number | boolean> {
  const out: Record<string, string | number | boolean> = {};
  for (const [name, value] of Object.entries(settings ?? {})) {
    if (value === undefined || HTTP_ONLY.has(name)) continue;
    if (typeof value === 'object') throw new Error(`the insert setting ${name} is not a plain value`);
    out[name] = value;
  }
  return out;
}

async function bytesOf(values: string | Readable): Promise<Buffer> {
  if (typeof values === 'string') return Buffer.from(values, 'utf8');
  const chunks: Buffer[] = [];
  for await (const chunk of values) {
    chunks.push(typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : (chunk as Buffer));
  }
  return chunks.length === 1 ? chunks[0] : Buffer.concat(chunks);
}

/** the result of a raw insert as the client's connection reports one */
function insertResult(
  queryId: string | undefined,
  result: { rowsWritten: number; bytesWritten: number; elapsed: number },
): InsertResult {
  const rows = String(result.rowsWritten);
  const bytes = String(result.bytesWritten);
  return {
    query_id: queryId ?? randomUUID(),
    response_headers: {},
    http_status_code: 200,
    summary: {
      read_rows: rows,
      read_bytes: bytes,
      written_rows: rows,
      written_bytes: bytes,
      total_rows_to_read: '0',
      result_rows: '0',
      result_bytes: '0',
      elapsed_ns: String(Math.round(result.elapsed * 1e9)),
    },
  };
}

/**
 * chdb's client connection with the inserts of a body in a text format (the client's insert of a raw
 * format or of rows it serialised, and an exec of such an INSERT with values) sent as chdb's raw
 * passthrough: the body goes to the engine as the bytes it is, parsed by the engine's own parser,
 * instead of being read into one string and appended to the statement (the connection's own insert),
 * which cost the main thread about 4 µs an event at 10 000 events. the insert's settings go in its
 * SETTINGS clause: the connection's own insert SETs them on the session, where they stayed for every
 * later query (a deduplication token, a thread priority). anything else goes to the connection as it is.
 */
export function withRawInserts(connection: ClientConnection & { chdb: ChdbRawInsert }): ClientConnection {
  /** the raw insert of a statement and its body; null when it is not one chdb takes raw */
  const rawInsert = async (
    query: string,
    values: string | Readable | undefined,
    settings: ClickHouseSettings | undefined,
    bound: Record<string, unknown> | undefined,
  ): Promise<{ rowsWritten: number; bytesWritten: number; elapsed: number } | null> => {
    const statement = CLIENT_INSERT.exec(query.trim());
    if (!statement || !RAW_FORMATS.has(statement[3]) || values === undefined) return null;
    if (typeof values !== 'string' && values.readableObjectMode) return null;
    if (bound && Object.keys(bound).length > 0) return null;
    const [, table, columns, format] = statement;
    const body = await bytesOf(values);
    // an empty body stores nothing; the engine would refuse it ("no data to insert")
    if (body.length === 0) return { rowsWritten: 0, bytesWritten: 0, elapsed: 0 };
    return connection.chdb.rawInsert({
      table,
      values: body,
      format,
      columns: columns?.split(', '),
      settings: engineSettings(settings),
    });
  };
  return {
    query: (params) => connection.query(params),
    command: (params) => connection.command(params),
    ping: (params) => connection.ping(params),
    close: () => connection.close(),
    insert: async (params) => {
      const result = await rawInsert(
        params.query,
        params.values,
        params.clickhouse_settings,
        params.query_params,
      );
      return result ? insertResult(params.query_id, result) : connection.insert(params);
    },
    exec: async (params) => {
      const result = await rawInsert(
        params.query,
        params.values,
        params.clickhouse_settings,
        params.query_params,
      );
      return result
        ? { ...insertResult(params.query_id, result), stream: Readable.from([], { objectMode: false }) }
        : connection.exec(params);
    },
  };
}
