import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { ClickHouseLogLevel, createClient, type ClickHouseClient } from '@clickhouse/client';

/** chdb's raw passthrough insert, as chdb/connection's `.chdb` extension declares it */
interface ChdbRawInsert {
  rawInsert(params: {
    table: string;
    values: Buffer;
    format: string;
    columns?: readonly string[];
    settings?: Record<string, string | number | boolean>;
  }): Promise<unknown>;
}

/** the connection @clickhouse/client takes (its type is not exported by name) */
type ClientConnection = NonNullable<Parameters<typeof createClient>[0]>['connection'];

/** chdb/connection's surface we use; typed here since its package exports need node16 resolution */
interface ChdbConnectionModule {
  createChdbConnection(options: { path: string }): NonNullable<ClientConnection> & { chdb: ChdbRawInsert };
}
interface ChdbModule {
  drainPending(): Promise<void>;
  Session: new (path: string, options: { connectionArgs: string[] }) => { close(): void };
}

/** where chdb's BACKUP and RESTORE may read and write: a folder of the engine's own directory */
export function chdbBackupsDirOf(path: string): string {
  return join(path, 'backups');
}

export type ClickHouseTransport =
  | { kind: 'http'; url: string; database?: string; username?: string; password?: string }
  | { kind: 'chdb'; path: string };

/** the text formats a body may be written in */
export type BodyFormat = 'TabSeparated' | 'JSONEachRow' | 'JSONCompactEachRow';

/** an insert of a body its caller wrote, which the engine parses as it is */
export interface BodyInsert {
  table: string;
  /** the columns each row lists, in order; absent: the table's own */
  columns?: readonly [string, ...string[]];
  format: BodyFormat;
  /** the body, in chunks; empty stores nothing */
  body: readonly Buffer[];
  settings?: Record<string, string | number>;
  /**
   * an insert that may wait behind the reads. embedded, its threads share the cpu with the server that
   * answers the cards: they run at the lowest priority (nice 19), so a burst of visits is answered
   * first and counted a moment later, not answered slower because it is being counted
   */
  background?: boolean;
}

/** the store's way to ClickHouse: what differs between a server and the embedded engine is decided here */
export interface ClickHouseConnection {
  readonly kind: ClickHouseTransport['kind'];
  /** what the store is and where, for a message: "the chDB store in /data/chdb" */
  readonly label: string;
  /** queries and commands, through @clickhouse/client on either transport */
  readonly client: ClickHouseClient;
  /** a server runs queries at once; chdb one at a time, whatever it is given */
  readonly parallelQueries: boolean;
  /** groups of coalesced reads that run at once: 1 for chdb, more for a server */
  readonly readGroupsAtOnce: number;
  /**
   * the folder BACKUP ... TO File() and RESTORE may use, on this machine: chdb's; null for a server
   * (its own disks, its own configuration)
   */
  readonly backupsDir: string | null;
  /** one insert of a body; throws when it is not stored */
  insert(insert: BodyInsert): Promise<void>;
  /** closes the client; for chdb also waits until the engine let go of its directory */
  close(): Promise<void>;
}

const bodyOf = (chunks: readonly Buffer[]) => (chunks.length === 1 ? chunks[0] : Buffer.concat(chunks));

/**
 * a server over http: the body is streamed as the request's. a raw format goes through the client's
 * insert; the JSON formats, which the client would serialise itself, as an INSERT statement with a body
 */
function openHttp(transport: Extract<ClickHouseTransport, { kind: 'http' }>): ClickHouseConnection {
  const client = createClient({
    url: transport.url,
    database: transport.database,
    username: transport.username,
    password: transport.password,
    compression: { request: false, response: false },
    request_timeout: 30_000,
    // errors are thrown to the caller (and the queue logs them); the client need not log them too
    log: { level: ClickHouseLogLevel.OFF },
  });
  // the server's address without the credentials a url may carry
  const { protocol, host } = new URL(transport.url);
  return {
    kind: 'http',
    label: transport.database
      ? `the ClickHouse database ${transport.database} at ${protocol}//${host}`
      : `the ClickHouse server at ${protocol}//${host}`,
    client,
    parallelQueries: true,
    readGroupsAtOnce: 4,
    backupsDir: null,
    insert: async ({ table, columns, format, body, settings }) => {
      const values = Readable.from(body, { objectMode: false });
      if (format === 'TabSeparated') {
        await client.insert({
          table,
          columns: columns && [...columns],
          values,
          format,
          clickhouse_settings: settings,
        });
        return;
      }
      const list = columns ? ` (${columns.join(', ')})` : '';
      const result = await client.exec({
        query: `INSERT INTO ${table}${list} FORMAT ${format}`,
        values,
        clickhouse_settings: settings,
      });
      result.stream.destroy();
    },
    close: () => client.close(),
  };
}

/** the engine's idle pool threads kept for the next query; more than the queries of a burst need */
const IDLE_ENGINE_THREADS = 16;

/**
 * threads that remove a table's outdated parts at once. once a table holds a hundred outdated parts
 * (an insert a second and the merges after it get there in minutes) the engine removes them
 * concurrently, on up to 128 new threads by default: a burst of 130 threads, each with its stack and
 * its allocator cache, that raised the product's resident memory for the minute. two cores need two.
 */
const PART_CLEANING_THREADS = 2;

/**
 * chdb in this process. its native library is large (about 540 MB), so it is required only here and
 * only when no ClickHouse url is configured. an insert's body goes to the engine's raw passthrough:
 * the bytes it is, parsed by the engine's own parser, not read into one string and appended to the
 * statement (the connection's own insert, which also SETs the insert's settings on the session, where
 * they stayed for every later query); its settings go in its SETTINGS clause.
 */
function openChdb(transport: Extract<ClickHouseTransport, { kind: 'chdb' }>): ClickHouseConnection {
  mkdirSync(transport.path, { recursive: true });
  const backupsDir = chdbBackupsDirOf(transport.path);
  // lazy on purpose: the cluster's processes never load the embedded engine
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const chdb = require('chdb') as ChdbModule;
  // the engine takes its server settings from the first connection to its directory, and BACKUP's
  // folder is one (not a query setting): this session opens first and lives as long as the others.
  // a thread of the engine's pool keeps three files of /proc open once it ran a query, and the pool
  // keeps up to a thousand idle threads: in a long-running product their open files grew with every
  // thread the pool ever woke, so only a few idle ones are kept
  const configured = new chdb.Session(transport.path, {
    connectionArgs: [
      `--backups.allowed_path=${backupsDir}`,
      `--max_thread_pool_free_size=${IDLE_ENGINE_THREADS}`,
      `--max_parts_cleaning_thread_pool_size=${PART_CLEANING_THREADS}`,
    ],
  });
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { createChdbConnection } = require('chdb/connection') as ChdbConnectionModule;
  const connection = createChdbConnection({ path: transport.path });
  const client = createClient({ connection, log: { level: ClickHouseLogLevel.OFF } });
  return {
    kind: 'chdb',
    label: `the chDB store in ${transport.path}`,
    client,
    parallelQueries: false,
    readGroupsAtOnce: 1,
    backupsDir,
    insert: async ({ table, columns, format, body, settings, background }) => {
      const values = bodyOf(body);
      // an empty body stores nothing; the engine would refuse it ("no data to insert")
      if (values.length === 0) return;
      await connection.chdb.rawInsert({
        table,
        values,
        format,
        columns,
        settings: { ...settings, ...(background ? { os_thread_priority: '19' } : {}) },
      });
    },
    close: async () => {
      await client.close();
      configured.close();
      await chdb.drainPending();
    },
  };
}

/** the connection of a transport */
export function openClickHouse(transport: ClickHouseTransport): ClickHouseConnection {
  return transport.kind === 'http' ? openHttp(transport) : openChdb(transport);
}
