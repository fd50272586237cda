import { openSqliteFile } from '@cardcraft/storage';
import { INGEST } from './job-names';
import { QUEUED_EVENTS } from './queue-snapshot';

/** the batches taken off a restored queue, and the events they held */
export interface DroppedBatches {
  batches: number;
  events: number;
}

interface QueuedBatch {
  batch_id: string;
  group_id: string | null;
  events: number;
}

/**
 * takes off a restored queue (the sqlite file of a backup, before a process opens it) every batch the
 * restored store already holds. a batch whose delete failed after its insert stays queued and is sent
 * again, counted once by the store's deduplication; a RESTORE brings back the rows but not that
 * deduplication's log, so sent after a restore it would count twice. a batch is held when the events
 * carry its id or its group's (batches inserted together carry the group's id, the insert's). dead
 * letters too: a replay sends them again. storedAmong: which of these ids the events carry.
 * the file is not migrated: a copy from an older build keeps its version (the product migrates it)
 */
export async function dropStoredBatches(
  file: string,
  storedAmong: (insertIds: string[]) => Promise<Set<string>>,
): Promise<DroppedBatches> {
  const db = openSqliteFile(file);
  try {
    const columns = new Set(
      (db.prepare("SELECT name FROM pragma_table_info('analytics_queue')").all() as { name: string }[]).map(
        (column) => column.name,
      ),
    );
    if (columns.size === 0) return { batches: 0, events: 0 };
    // a copy from before batches were grouped has no group_id: each was inserted under its own id
    const groupId = columns.has('group_id') ? 'group_id' : 'NULL AS group_id';
    const queued = db
      .prepare(`SELECT batch_id, ${groupId}, ${QUEUED_EVENTS} AS events FROM analytics_queue WHERE job = ?`)
      .all(INGEST) as QueuedBatch[];
    const ids = new Set(
      queued.flatMap((row) => (row.group_id ? [row.batch_id, row.group_id] : [row.batch_id])),
    );
    const stored = await storedAmong([...ids]);
    const dropped = queued.filter(
      (row) => stored.has(row.batch_id) || (row.group_id !== null && stored.has(row.group_id)),
    );
    const remove = db.prepare('DELETE FROM analytics_queue WHERE batch_id = ?');
    db.transaction(() => {
      for (const row of dropped) remove.run(row.batch_id);
    })();
    return { batches: dropped.length, events: dropped.reduce((sum, row) => sum + row.events, 0) };
  } finally {
    db.close();
  }
}
