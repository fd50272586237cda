import { mkdirSync } from 'node:fs';
import { ClickHouseLogLevel, createClient, type ClickHouseClient } from '@clickhouse/client';

import { withRawInserts, type ChdbRawInsert, type ClientConnection } from './chdb-raw-inserts';

/** chdb/connection's surface we use; typed here since its package exports need node16 resolution */
interface ChdbConnectionModule {
  createChdbConnection(options: { path: string }): ClientConnection & { chdb: ChdbRawInsert };
}
interface ChdbModule {
  drainPending(): Promise<void>;
}

export type ClickHouseTransport =
  | { kind: 'http'; url: string; database?: string; username?: string; password?: string }
  | {
      kind: 'chdb';
      path: string;
      /**
       * the client's inserts of a text format as chdb's raw passthrough (default); false: chdb's own
       * client insert, which appends the body to the statement (kept to measure the difference)
       */
      rawInserts?: boolean;
    };

export interface OpenedClickHouse {
  client: ClickHouseClient;
  transport: ClickHouseTransport['kind'];
  /** closes the client; for chdb also waits until the engine let go of its directory */
  close(): Promise<void>;
}

/**
 * one client for both transports. chdb's native library is large (about 540 MB), so it is required
 * only here and only when no ClickHouse url is configured.
 */
export function openClickHouse(transport: ClickHouseTransport): OpenedClickHouse {
  if (transport.kind === 'http') {
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
    return { client, transport: 'http', close: () => client.close() };
  }
  mkdirSync(transport.path, { recursive: true });
  // lazy on purpose: the cluster's processes never load the embedded engine
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { createChdbConnection } = require('chdb/connection') as ChdbConnectionModule;
  const connection = createChdbConnection({ path: transport.path });
  const client = createClient({
    connection: transport.rawInserts === false ? connection : withRawInserts(connection),
    log: { level: ClickHouseLogLevel.OFF },
  });
  return {
    client,
    transport: 'chdb',
    close: async () => {
      await client.close();
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const chdb = require('chdb') as ChdbModule;
      await chdb.drainPending();
    },
  };
}
