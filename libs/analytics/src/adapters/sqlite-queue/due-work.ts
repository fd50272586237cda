import { parseEventBatch, type AnalyticsEvent, type EventBatch } from '../../events';
import type { EventLoopSlices } from '../../event-loop';
import { parseJob, type AnalyticsJob } from '../../jobs';
import { INGEST } from './job-names';
import type { SqliteQueueDatabase } from './sqlite-queue-database';

/** how many queued batches one group may take, whatever their sizes */
const MAX_GROUP_BATCHES = 100;

/** a queued job without its payload, which is read one row at a time (a group's can be megabytes) */
interface QueueRow {
  batch_id: string;
  job: string;
  attempts: number;
  group_id: string | null;
}

/** what the consumer handles next: one queued job, or batches waiting together merged into one */
export interface DueWork {
  /**
   * read and parsed inside the handler's try, so a payload that does not parse fails like any job; a
   * group's a batch at a time, letting the event loop run between slices
   */
  job: () => Promise<AnalyticsJob>;
  /** the queue rows it came from, deleted together once it succeeded */
  batchIds: string[];
  attempts: number;
  /**
   * a group that stopped at its cap of events with more batches due behind it: the queue holds a
   * backlog of at least a full insert
   */
  full: boolean;
}

/**
 * the id a group is inserted under, written down with its rows: a retry sends the same rows under the
 * same id, the insert's deduplication token. only this queue reads it; the job it hands over names the
 * group's first batch on its own (firstBatchId)
 */
function groupIdOf(first: string, others: number): string {
  return `${first}+${others}`;
}

/** a queued batch, read and checked; null when it is not a valid batch (it then fails on its own) */
function readBatch(payload: string): EventBatch | null {
  try {
    return parseEventBatch(JSON.parse(payload));
  } catch {
    return null;
  }
}

/**
 * picks the next work due. an insert into the store has a fixed cost of its own (a new part in each
 * table), so the batches waiting when the consumer comes round are inserted together: under load
 * the inserts grow instead of queueing up, while the producer still hands each batch over within
 * its short flush window. a group is written down (group_id) before its insert and is retried,
 * dead-lettered and replayed whole, so a retry sends the same rows with the same deduplication
 * token and an insert that succeeded before a crash is not counted twice. an erase goes alone.
 */
export class DueWorkReader {
  constructor(
    private readonly database: SqliteQueueDatabase,
    /** a group takes batches up to this many events (a first batch alone may hold more) */
    private readonly maxGroupEvents: number,
  ) {}

  async next(slices: EventLoopSlices): Promise<DueWork | undefined> {
    const due = this.dueRows();
    const first = due[0];
    if (!first) return undefined;
    if (first.job !== INGEST) return this.alone(first, slices);
    // a batch claimed alone (its group id its own) is sent again alone, under its own id
    if (first.group_id === first.batch_id) return this.alone(first, slices);
    if (first.group_id !== null) return this.merged(first.group_id, this.membersOf(first.group_id), slices);
    return this.formGroup(due, slices);
  }

  private dueRows(): QueueRow[] {
    return this.database.db
      .prepare(
        `SELECT batch_id, job, attempts, group_id FROM analytics_queue
         WHERE dead = 0 AND available_at <= ? ORDER BY created_at, batch_id LIMIT ?`,
      )
      .all(Date.now(), MAX_GROUP_BATCHES) as QueueRow[];
  }

  /** a group claimed before (a retry, a replay, a restart): the same rows again */
  private membersOf(groupId: string): QueueRow[] {
    return this.database.db
      .prepare(
        `SELECT batch_id, job, attempts, group_id FROM analytics_queue
         WHERE group_id = ? ORDER BY created_at, batch_id`,
      )
      .all(groupId) as QueueRow[];
  }

  /** the batches at the head of the queue, claimed as one group; the first alone when none joins it */
  private async formGroup(due: QueueRow[], slices: EventLoopSlices): Promise<DueWork> {
    const { members, batches, full } = await this.headBatches(due, slices);
    const claim = this.database.db.prepare('UPDATE analytics_queue SET group_id = ? WHERE batch_id = ?');
    if (members.length <= 1) {
      // claimed alone before its insert, like a group: were its removal after a stored insert to
      // fail, its retry must not join a group, whose new id the store's deduplication has never seen
      if (members.length === 1) claim.run(due[0].batch_id, due[0].batch_id);
      // a batch larger than a group on its own is full too when more wait behind it
      return { ...this.alone(due[0], slices), full };
    }
    const groupId = groupIdOf(members[0].batch_id, members.length - 1);
    this.database.db.transaction(() => {
      for (const row of members) claim.run(groupId, row.batch_id);
    })();
    return { ...this.merged(groupId, members, slices, batches), full };
  }

  /**
   * the due batches that fit in one insert, read and checked, in queue order: a group stops at an
   * erase, at a batch of another group, or at a payload that does not parse, which then fails on its own
   */
  private async headBatches(
    due: QueueRow[],
    slices: EventLoopSlices,
  ): Promise<{ members: QueueRow[]; batches: EventBatch[]; full: boolean }> {
    const members: QueueRow[] = [];
    const batches: EventBatch[] = [];
    let events = 0;
    for (const row of due) {
      if (row.job !== INGEST || row.group_id !== null) break;
      const payload = this.database.payloadOf(row.batch_id);
      const batch = payload === null ? null : readBatch(payload);
      if (!batch) break;
      if (members.length > 0 && events + batch.events.length > this.maxGroupEvents) {
        return { members, batches, full: true };
      }
      members.push(row);
      batches.push(batch);
      events += batch.events.length;
      if (slices.due()) await slices.pause();
    }
    return { members, batches, full: false };
  }

  private alone(row: QueueRow, slices: EventLoopSlices): DueWork {
    return {
      job: async () => {
        const payload = this.database.payloadOf(row.batch_id);
        if (payload === null) throw new Error(`the queued job ${row.batch_id} is gone`);
        const job = parseJob(row.job, JSON.parse(payload));
        if (slices.due()) await slices.pause();
        return job;
      },
      batchIds: [row.batch_id],
      attempts: row.attempts,
      full: false,
    };
  }

  /** batches: the members already read, when the group was just formed */
  private merged(
    groupId: string,
    members: QueueRow[],
    slices: EventLoopSlices,
    batches?: EventBatch[],
  ): DueWork {
    return {
      job: async () => {
        let events: AnalyticsEvent[] = [];
        for (const [i, row] of members.entries()) {
          let batch = batches?.[i];
          if (!batch) {
            const payload = this.database.payloadOf(row.batch_id);
            if (payload === null)
              throw new Error(`the queued batch ${row.batch_id} of group ${groupId} is gone`);
            batch = parseEventBatch(JSON.parse(payload));
          }
          events = events.length === 0 ? batch.events : events.concat(batch.events);
          if (slices.due()) await slices.pause();
        }
        // the others were queued after the first: what the store needs to know of the group
        const firstBatchId = members[0].batch_id;
        return { name: INGEST, payload: { id: groupId, firstBatchId, events } };
      },
      batchIds: members.map((row) => row.batch_id),
      attempts: Math.max(...members.map((row) => row.attempts)),
      full: false,
    };
  }
}
