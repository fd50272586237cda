import { INGEST } from './job-names';

const BATCHES = `FROM analytics_queue WHERE job = '${INGEST}'`;
/** the events a queued row holds, in sql (0 for a payload that does not parse) */
export const QUEUED_EVENTS =
  "CASE WHEN json_valid(payload) THEN json_array_length(payload, '$.events') ELSE 0 END";

/**
 * what a backup records of the embedded queue, asked of its copy of the sqlite file: the batches and
 * events still to be stored (a restore stores them), the dead letters, and the newest batch (ids are
 * uuid v7, so the greatest is the last queued)
 */
export const QUEUE_SNAPSHOT_QUERIES: Readonly<Record<string, string>> = {
  queuedBatches: `SELECT count(*) ${BATCHES} AND dead = 0`,
  queuedEvents: `SELECT coalesce(sum(${QUEUED_EVENTS}), 0) ${BATCHES} AND dead = 0`,
  deadBatches: `SELECT count(*) ${BATCHES} AND dead = 1`,
  deadEvents: `SELECT coalesce(sum(${QUEUED_EVENTS}), 0) ${BATCHES} AND dead = 1`,
  lastQueuedBatchId: `SELECT max(batch_id) ${BATCHES}`,
};
