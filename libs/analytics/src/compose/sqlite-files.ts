import { SqliteBatchJournal } from '../adapters/sqlite-journal/sqlite-batch-journal';
import { SqliteQueueDatabase } from '../adapters/sqlite-queue/sqlite-queue-database';
import type { AnalyticsConfig } from '../config';

/**
 * opens and closes the sqlite file the api's analytics keeps in DATA_DIR (the embedded queue's tables
 * in the product's file, the cluster's journal in its own), which applies its pending migrations or
 * refuses a file a newer build migrated (SchemaVersionError): a check a process can make before it
 * starts anything
 */
export function migrateAnalyticsFiles(config: Pick<AnalyticsConfig, 'queue'>): void {
  const { queue } = config;
  if (queue.kind === 'redis') new SqliteBatchJournal(queue.journalFile).close();
  else new SqliteQueueDatabase(queue.sqliteFile).close();
}
