import { mkdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { ClickHouseAnalyticsStore } from '../adapters/clickhouse/clickhouse-analytics-store';
import { EmbeddedWriteLog } from '../adapters/write-log/embedded-write-log';
import { readMigrations } from '../adapters/clickhouse/migrations';
import { withWriteLog, withoutWriteLog } from '../adapters/write-log/write-logging-store';
import { dropStoredBatches, type DroppedBatches } from '../adapters/sqlite-queue/restored-queue';
import type { AnalyticsConfig, EmbeddedQueueConfig } from '../config';
import type { AnalyticsBackup, AnalyticsStore } from '../ports';
import type { Closers } from './closers';

/** the store part of the configuration is all opening a store needs */
type StoreConfig = Pick<AnalyticsConfig, 'store'>;

function openStore({ store }: StoreConfig): ClickHouseAnalyticsStore {
  return ClickHouseAnalyticsStore.open({
    transport:
      store.kind === 'http'
        ? {
            kind: 'http',
            url: store.url,
            database: store.database,
            username: store.user,
            password: store.password,
          }
        : { kind: 'chdb', path: store.dataDir },
    migrationsDir: store.migrationsDir,
  });
}

/**
 * opens ClickHouse (a server over http, else chdb). with migrateAtStart it applies the pending
 * migrations and the raw retention; without, it refuses a store that still has migrations pending.
 * either way a store a newer build migrated is refused (SchemaVersionError).
 */
export async function openAnalyticsStore(config: StoreConfig): Promise<ClickHouseAnalyticsStore> {
  const store = openStore(config);
  const { migrateAtStart, rawRetentionDays } = config.store;
  try {
    if (migrateAtStart) {
      await store.migrate();
      await store.applyRetention(rawRetentionDays);
    } else {
      await store.checkSchema({ pendingAllowed: false });
      store.keepRetention(rawRetentionDays);
    }
  } catch (err) {
    await store.close();
    throw err;
  }
  return store;
}

/**
 * the check a process makes before it starts anything: opens the store, compares its schema with
 * this build's migrations and closes it, writing nothing. throws SchemaVersionError for a store a
 * newer build migrated, or one behind when the process would not migrate it (pendingAllowed: it will)
 */
export async function checkAnalyticsSchema(
  config: StoreConfig,
  pendingAllowed: boolean = config.store.migrateAtStart,
): Promise<void> {
  const store = openStore(config);
  try {
    await store.checkSchema({ pendingAllowed });
  } finally {
    await store.close();
  }
}

/**
 * the migration step: applies every pending migration and the raw retention to the configured store,
 * then closes it. returns the versions it applied (none when the schema was up to date).
 */
export async function migrateAnalyticsStore(config: StoreConfig): Promise<number[]> {
  const store = openStore(config);
  try {
    const applied = await store.migrate();
    await store.applyRetention(config.store.rawRetentionDays);
    return applied;
  } finally {
    await store.close();
  }
}

/**
 * the store as this process uses it, closed with the process. with chdb the process holds the store
 * and sees every write: the write log records them, so reads are kept and added to. a server is
 * written by other processes too (the cluster's workers), so nothing is known of its recent writes.
 */
export async function openProcessStore(config: StoreConfig, closers: Closers): Promise<AnalyticsStore> {
  const opened = await openAnalyticsStore(config);
  const store =
    opened.transport === 'chdb' ? withWriteLog(opened, new EmbeddedWriteLog()) : withoutWriteLog(opened);
  closers.add(() => store.close());
  return store;
}

/**
 * the store as it is, neither migrated nor checked, for an operator's command (a backup of a product
 * that is not running); close it when done
 */
export function openAnalyticsStoreAsIs(config: StoreConfig): AnalyticsBackup & { close(): Promise<void> } {
  return openStore(config);
}

/** a restored store's rows of each table, and the queued batches it already held */
export interface RestoredAnalytics {
  rows: Record<string, number>;
  alreadyStored: DroppedBatches;
}

/**
 * fills a store that has no tables from a backup folder (its BACKUP of the database): the folder is
 * moved into the store's backups folder, restored, then removed. then takes off the restored queue
 * (the sqlite file, already in place) the batches the restored events hold, so none is stored twice.
 * returns the rows of each table and what was taken off the queue
 */
export async function restoreAnalyticsStore(
  config: Pick<AnalyticsConfig<EmbeddedQueueConfig>, 'store' | 'queue'>,
  backupFolder: string,
): Promise<RestoredAnalytics> {
  const store = openStore(config);
  const { backupsDir } = store;
  try {
    if (!backupsDir) throw new Error('the analytics store is a server: restore it with its own RESTORE');
    const dir = join(backupsDir, 'restoring');
    await mkdir(backupsDir, { recursive: true });
    await rename(backupFolder, dir);
    try {
      await store.restoreDatabase(dir);
      const rows = await store.tableRows();
      const alreadyStored = await dropStoredBatches(config.queue.sqliteFile, (ids) =>
        store.storedBatches(ids),
      );
      return { rows, alreadyStored };
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  } finally {
    await store.close();
  }
}

/** the migrations this version ships, by number: a backup with one it does not know is newer */
export function knownAnalyticsMigrations(): number[] {
  return readMigrations().map((migration) => migration.version);
}
