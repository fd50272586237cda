import { randomBytes } from 'node:crypto';
import { isDiskError, openSqliteFile, type SqliteDatabase, type SqliteStatement } from '@cardcraft/storage';
import {
  IP_MAX_AGE_MS,
  encodeQueuedBatch,
  parseEventBatch,
  withoutIps,
  type AnalyticsEvent,
  type EventBatch,
} from '../../events';
import { EventLoopSlices } from '../../event-loop';
import {
  eraseJobId,
  groupedBatchId,
  parseJob,
  type AnalyticsJob,
  type AnalyticsJobName,
  type ProfileErasure,
} from '../../jobs';
import { OutageLog } from '../../health/outage-log';
import type {
  DeadLetterReport,
  DeadLetters,
  EventConsumer,
  EventQueue,
  QueueDepth,
  QueueProgress,
  SaltStore,
} from '../../ports';
import { utcDay } from '../../enrichment/visitor-id';

export interface SqliteQueueOptions {
  /** the embedded data file the rest of the app uses, opened by @cardcraft/storage's one opener */
  file: string;
  attempts: number;
  backoffMs: number;
  /** how often an idle consumer looks for due retries */
  pollMs: number;
  /** a batch that failed (retrying or dead) loses its raw ips once queued this long */
  ipMaxAgeMs: number;
  /** how often the consumer looks for such batches */
  ipSweepMs: number;
  /** the consumer inserts the batches waiting together, up to this many events in one insert */
  maxGroupEvents: number;
  /**
   * the least time from one insert of events to the next. every insert makes a new part in the events
   * table and in each rollup, and the store merges each new part into the month's part, rewriting it:
   * at one insert per 25 ms flush a seeded store spent most of a core on those merges. the batches
   * that arrive meanwhile wait in the queue file (nothing is lost on a crash) and go in one insert.
   */
  insertIntervalMs: number;
}

export const DEFAULT_SQLITE_QUEUE_OPTIONS: Omit<SqliteQueueOptions, 'file'> = {
  attempts: 8,
  backoffMs: 1000,
  pollMs: 500,
  ipMaxAgeMs: IP_MAX_AGE_MS,
  ipSweepMs: 3_600_000,
  maxGroupEvents: 20_000,
  insertIntervalMs: 1000,
};

const INGEST = 'analytics.ingest-batch' satisfies AnalyticsJobName;
const ERASE: AnalyticsJobName = 'analytics.erase-profile';

/** how many queued batches one group may take, whatever their sizes */
const MAX_GROUP_BATCHES = 100;

/** a queued batch, read and checked; null when it is not a valid batch (it then fails on its own) */
function readBatch(payload: string): EventBatch | null {
  try {
    return parseEventBatch(JSON.parse(payload));
  } catch {
    return null;
  }
}

/** a queued job without its payload, which is read one row at a time (a group's can be megabytes) */
interface QueueRow {
  batch_id: string;
  job: string;
  attempts: number;
  group_id: string | null;
}

/** what the consumer handles next: one queued job, or batches waiting together merged into one */
interface DueWork {
  /**
   * read and parsed inside the handler's try, so a payload that does not parse fails like any job; a
   * group's a batch at a time, letting the event loop run between slices
   */
  job: () => Promise<AnalyticsJob>;
  /** the queue rows it came from, deleted together once it succeeded */
  batchIds: string[];
  attempts: number;
}

/**
 * the embedded event queue: batches are rows of a table in the sqlite data file until their insert
 * succeeded, so a restart picks up whatever was waiting. one connection, shared by producer, consumer,
 * dead letters and the salts of one process.
 */
export class SqliteQueueDatabase {
  readonly db: SqliteDatabase;

  constructor(file: string) {
    this.db = openSqliteFile(file);
    this.db.exec(`
      CREATE TABLE IF NOT EXISTS analytics_queue (
        batch_id TEXT PRIMARY KEY,
        job TEXT NOT NULL,
        payload TEXT NOT NULL,
        attempts INTEGER NOT NULL DEFAULT 0,
        available_at INTEGER NOT NULL,
        dead INTEGER NOT NULL DEFAULT 0,
        last_error TEXT,
        created_at INTEGER NOT NULL,
        ips_stripped INTEGER NOT NULL DEFAULT 0
      );
      CREATE INDEX IF NOT EXISTS analytics_queue_due ON analytics_queue (dead, available_at, created_at);
      CREATE TABLE IF NOT EXISTS analytics_salts (day TEXT PRIMARY KEY, salt BLOB NOT NULL);
    `);
    // a data file from before the column: sqlite has no ADD COLUMN IF NOT EXISTS
    const columns = this.db.prepare('PRAGMA table_info(analytics_queue)').all() as { name: string }[];
    if (!columns.some((column) => column.name === 'ips_stripped')) {
      this.db.exec('ALTER TABLE analytics_queue ADD COLUMN ips_stripped INTEGER NOT NULL DEFAULT 0');
    }
    if (!columns.some((column) => column.name === 'group_id')) {
      this.db.exec('ALTER TABLE analytics_queue ADD COLUMN group_id TEXT');
    }
  }

  /**
   * removes the raw ips of batches that failed at least once (retrying or dead) and were queued at or
   * before the cutoff; each is rewritten once. a replay then enriches them without: no geo, no hash.
   */
  stripIpsOfFailedBefore(cutoff: number): number {
    const stale = this.db
      .prepare(
        `SELECT batch_id, payload FROM analytics_queue
         WHERE ips_stripped = 0 AND (attempts > 0 OR dead = 1) AND created_at <= ?`,
      )
      .all(cutoff) as { batch_id: string; payload: string }[];
    const update = this.db.prepare(
      'UPDATE analytics_queue SET payload = ?, ips_stripped = 1 WHERE batch_id = ?',
    );
    let stripped = 0;
    this.db.transaction(() => {
      for (const row of stale) {
        let payload: unknown;
        try {
          payload = JSON.parse(row.payload);
        } catch {
          // not json: the consumer dead-letters it; there is nothing to read an ip from either
          update.run(row.payload, row.batch_id);
          continue;
        }
        const cleaned = withoutIps(payload);
        update.run(JSON.stringify(cleaned.payload), row.batch_id);
        if (cleaned.stripped) stripped += 1;
      }
    })();
    return stripped;
  }

  close(): void {
    if (this.db.open) this.db.close();
  }
}

export class SqliteEventQueue implements EventQueue {
  private readonly insert: SqliteStatement;
  private listener: (() => void) | null = null;
  private lastStoredAt: number | null = null;

  constructor(private readonly database: SqliteQueueDatabase) {
    this.insert = database.db.prepare(
      `INSERT OR IGNORE INTO analytics_queue (batch_id, job, payload, attempts, available_at, created_at)
       VALUES (?, ?, ?, 0, ?, ?)`,
    );
  }

  /** the consumer of the same process is woken at once */
  onEnqueued(listener: () => void): void {
    this.listener = listener;
  }

  async enqueue(batches: EventBatch[]): Promise<void> {
    const now = Date.now();
    const addAll = this.database.db.transaction((items: EventBatch[]) => {
      // the compact shape: parseEventBatch reads it and the keyed one queued by earlier versions
      for (const batch of items) this.insert.run(batch.id, INGEST, encodeQueuedBatch(batch), now, now);
    });
    addAll(batches);
    this.listener?.();
  }

  async enqueueErase(erasure: ProfileErasure): Promise<void> {
    const now = Date.now();
    this.insert.run(eraseJobId(erasure.profileId), ERASE, JSON.stringify(erasure), now, now);
    this.listener?.();
  }

  async ping(): Promise<void> {
    this.database.db.prepare('SELECT 1').get();
  }

  async depth(): Promise<QueueDepth> {
    const now = Date.now();
    // a job that failed a try has attempts > 0 and waits for available_at; the running one is not
    // marked in the file, so it counts as waiting here
    const row = this.database.db
      .prepare(
        `SELECT
           coalesce(sum(dead = 0 AND (attempts = 0 OR available_at <= ?)), 0) AS waiting,
           coalesce(sum(dead = 0 AND attempts > 0 AND available_at > ?), 0) AS retrying,
           coalesce(sum(dead = 1), 0) AS dead,
           min(CASE WHEN dead = 0 AND available_at <= ? THEN created_at END) AS oldest
         FROM analytics_queue`,
      )
      .get(now, now, now) as { waiting: number; retrying: number; dead: number; oldest: number | null };
    return {
      waiting: row.waiting,
      active: 0,
      retrying: row.retrying,
      dead: row.dead,
      oldestAgeSeconds: row.oldest === null ? 0 : Math.max(0, (now - row.oldest) / 1000),
    };
  }

  /** the consumer of the same process notes each batch it stored */
  noteStored(at = Date.now()): void {
    this.lastStoredAt = at;
  }

  async progress(): Promise<QueueProgress> {
    const row = this.database.db
      .prepare('SELECT count(*) AS n FROM analytics_queue WHERE dead = 0')
      .get() as { n: number };
    return { waiting: row.n, lastStoredAt: this.lastStoredAt };
  }

  async close(): Promise<void> {
    this.listener = null;
  }
}

export class SqliteEventConsumer implements EventConsumer {
  private running = false;
  private loop: Promise<void> | null = null;
  private wake: (() => void) | null = null;
  /** ends the wait between two inserts early, for close() */
  private endSpacing: (() => void) | null = null;
  /** when the last insert of events ended (performance.now()); -Infinity before the first */
  private lastInsertEnded = -Infinity;
  private ipSweep: NodeJS.Timeout | null = null;
  /** when the data file stopped answering; null while it answers */
  private queueDownSince: number | null = null;
  private readonly storeOutage: OutageLog;

  constructor(
    private readonly database: SqliteQueueDatabase,
    private readonly queue: SqliteEventQueue,
    private readonly options: SqliteQueueOptions,
    private readonly logger: {
      error(message: string): void;
      warn(message: string): void;
      log(message: string): void;
    },
  ) {
    this.storeOutage = new OutageLog('the analytics store', logger);
  }

  async start(handler: (job: AnalyticsJob) => Promise<void>): Promise<void> {
    this.running = true;
    this.queue.onEnqueued(() => this.wake?.());
    this.loop = this.run(handler);
    // at start too: the process may have been down when a sweep was due
    this.sweepIps();
    this.ipSweep = setInterval(() => this.sweepIps(), this.options.ipSweepMs);
    this.ipSweep.unref();
  }

  /** strips the ips of failed batches older than ipMaxAgeMs at `now`; how many batches had some */
  stripStaleIps(now: Date = new Date()): number {
    return this.database.stripIpsOfFailedBefore(now.getTime() - this.options.ipMaxAgeMs);
  }

  private sweepIps(): void {
    try {
      this.stripStaleIps();
    } catch (err) {
      this.logger.error(`could not strip the ips of failed analytics batches: ${(err as Error).message}`);
    }
  }

  /**
   * the next work due. an insert into the store has a fixed cost of its own (a new part in each
   * table), so the batches waiting when the consumer comes round are inserted together: under load
   * the inserts grow instead of queueing up, while the producer still hands each batch over within
   * its short flush window. a group is written down (group_id) before its insert and is retried,
   * dead-lettered and replayed whole, so a retry sends the same rows with the same deduplication
   * token and an insert that succeeded before a crash is not counted twice. an erase goes alone.
   */
  private async nextDue(slices: EventLoopSlices): Promise<DueWork | undefined> {
    const db = this.database.db;
    const now = Date.now();
    const due = db
      .prepare(
        `SELECT batch_id, job, attempts, group_id FROM analytics_queue
         WHERE dead = 0 AND available_at <= ? ORDER BY created_at, batch_id LIMIT ?`,
      )
      .all(now, MAX_GROUP_BATCHES) as QueueRow[];
    const first = due[0];
    if (!first) return undefined;
    if (first.job !== INGEST) return this.alone(first, slices);
    if (first.group_id !== null) {
      const members = db
        .prepare(
          `SELECT batch_id, job, attempts, group_id FROM analytics_queue
           WHERE group_id = ? ORDER BY created_at, batch_id`,
        )
        .all(first.group_id) as QueueRow[];
      return this.merged(first.group_id, members, slices);
    }
    const members: QueueRow[] = [];
    const batches: EventBatch[] = [];
    let events = 0;
    for (const row of due) {
      // in queue order: a group stops at an erase, at a batch of another group, or at a payload
      // that does not parse, which then fails on its own
      if (row.job !== INGEST || row.group_id !== null) break;
      const payload = this.payloadOf(row);
      const batch = payload === null ? null : readBatch(payload);
      if (!batch || (members.length > 0 && events + batch.events.length > this.options.maxGroupEvents)) break;
      members.push(row);
      batches.push(batch);
      events += batch.events.length;
      if (slices.due()) await slices.pause();
    }
    if (members.length <= 1 || members[0].batch_id !== first.batch_id) return this.alone(first, slices);
    const groupId = groupedBatchId(members[0].batch_id, members.length - 1);
    const claim = db.prepare('UPDATE analytics_queue SET group_id = ? WHERE batch_id = ?');
    db.transaction(() => {
      for (const row of members) claim.run(groupId, row.batch_id);
    })();
    return this.merged(groupId, members, slices, batches);
  }

  /** a row's payload; null when the row is gone */
  private payloadOf(row: QueueRow): string | null {
    const found = this.database.db
      .prepare('SELECT payload FROM analytics_queue WHERE batch_id = ?')
      .get(row.batch_id) as { payload: string } | undefined;
    return found?.payload ?? null;
  }

  private alone(row: QueueRow, slices: EventLoopSlices): DueWork {
    return {
      job: async () => {
        const payload = this.payloadOf(row);
        if (payload === null) throw new Error(`the queued job ${row.batch_id} is gone`);
        const job = parseJob(row.job, JSON.parse(payload));
        if (slices.due()) await slices.pause();
        return job;
      },
      batchIds: [row.batch_id],
      attempts: row.attempts,
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
            const payload = this.payloadOf(row);
            if (payload === null)
              throw new Error(`the queued batch ${row.batch_id} of group ${groupId} is gone`);
            batch = parseEventBatch(JSON.parse(payload));
          }
          events = events.length === 0 ? batch.events : events.concat(batch.events);
          if (slices.due()) await slices.pause();
        }
        return { name: INGEST, payload: { id: groupId, events } };
      },
      batchIds: members.map((row) => row.batch_id),
      attempts: Math.max(...members.map((row) => row.attempts)),
    };
  }

  /**
   * an error of the data file itself (full, read-only, gone): the batches stay as they are and the
   * consumer tries again after its poll interval, never ending the process. it is logged once when it
   * starts and once when the file answers again, not on every try.
   */
  private queueFailed(err: unknown): void {
    if (this.queueDownSince === null) {
      this.queueDownSince = Date.now();
      this.logger.error(
        `the analytics queue cannot be read or written: ${(err as Error).message}; its batches wait where they are, retrying every ${this.options.pollMs} ms`,
      );
    }
  }

  private queueAnswered(): void {
    if (this.queueDownSince === null) return;
    const seconds = ((Date.now() - this.queueDownSince) / 1000).toFixed(1);
    this.queueDownSince = null;
    this.logger.log(`the analytics queue answers again, after ${seconds} s`);
  }

  private async pause(): Promise<void> {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, this.options.pollMs);
      this.wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
    this.wake = null;
  }

  /** waits until insertIntervalMs has passed since the last insert of events; enqueues do not end it */
  private async spaceInserts(): Promise<void> {
    const wait = this.lastInsertEnded + this.options.insertIntervalMs - performance.now();
    if (wait <= 0 || !this.running) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, wait);
      this.endSpacing = () => {
        clearTimeout(timer);
        resolve();
      };
    });
    this.endSpacing = null;
  }

  /** the loop never ends on an error: whatever escapes one round is logged and the next one runs */
  private async run(handler: (job: AnalyticsJob) => Promise<void>): Promise<void> {
    while (this.running) {
      try {
        await this.round(handler);
      } catch (err) {
        this.logger.error(`analytics consumer: ${(err as Error).message}; going on`);
        await this.pause();
      }
    }
  }

  private async round(handler: (job: AnalyticsJob) => Promise<void>): Promise<void> {
    const db = this.database.db;
    await this.spaceInserts();
    if (!this.running) return;
    let work: DueWork | undefined;
    // the round's reading and parsing let the event loop run every few ms: this runs in the process
    // that answers the visitors, and a group can hold 10 000 events
    const slices = new EventLoopSlices();
    try {
      work = await this.nextDue(slices);
    } catch (err) {
      this.queueFailed(err);
      await this.pause();
      return;
    }
    if (!work) {
      this.queueAnswered();
      await this.pause();
      return;
    }
    let failure: Error | null = null;
    let job: AnalyticsJob | null = null;
    try {
      job = await work.job();
      await handler(job);
    } catch (err) {
      failure = err as Error;
    }
    if (job?.name === INGEST) this.lastInsertEnded = performance.now();
    // a disk that is full or read-only is an outage of the store, not a fault of the batch: it spends
    // no try (the batch would end as a dead letter after a long outage) and is tried again after the
    // first backoff until the disk takes writes again
    const diskOutage = failure !== null && isDiskError(failure);
    const attempts = diskOutage ? work.attempts : work.attempts + 1;
    const dead = !diskOutage && attempts >= this.options.attempts ? 1 : 0;
    try {
      if (!failure) {
        const remove = db.prepare('DELETE FROM analytics_queue WHERE batch_id = ?');
        db.transaction(() => {
          for (const id of work.batchIds) remove.run(id);
        })();
      } else {
        const delay = diskOutage ? this.options.backoffMs : this.options.backoffMs * 2 ** (attempts - 1);
        const fail = db.prepare(
          'UPDATE analytics_queue SET attempts = ?, available_at = ?, dead = ?, last_error = ? WHERE batch_id = ?',
        );
        const message = String(failure.message).slice(0, 500);
        db.transaction(() => {
          for (const id of work.batchIds) fail.run(attempts, Date.now() + delay, dead, message, id);
        })();
      }
      this.queueAnswered();
    } catch (err) {
      // a batch stored but not taken off the queue is sent again later under the same id, and the
      // store's deduplication drops the copy
      this.queueFailed(err);
      await this.pause();
      return;
    }
    if (!failure) {
      if (job?.name === INGEST) {
        this.queue.noteStored();
        this.storeOutage.up();
      }
      return;
    }
    const what =
      work.batchIds.length > 1
        ? `${work.batchIds.length} batches from ${work.batchIds[0]}`
        : work.batchIds[0];
    if (dead) {
      this.logger.error(
        `analytics job ${what} failed its last try (${attempts} of ${this.options.attempts}), kept as a dead letter for replay-dead-letters: ${failure.message}`,
      );
    } else {
      // one line when the store starts failing, one when it stores again: not one per try
      this.storeOutage.down(
        failure.message,
        diskOutage
          ? `the disk refuses writes: batches wait in the queue, retried every ${this.options.backoffMs} ms without spending their tries`
          : `batches wait in the queue and are retried with backoff (job ${what}: try ${attempts} of ${this.options.attempts})`,
      );
    }
  }

  /** finishes the batch in hand, then stops */
  async close(): Promise<void> {
    this.running = false;
    if (this.ipSweep) clearInterval(this.ipSweep);
    this.ipSweep = null;
    this.wake?.();
    this.endSpacing?.();
    await this.loop;
  }
}

export class SqliteDeadLetters implements DeadLetters {
  constructor(private readonly database: SqliteQueueDatabase) {}

  async count(): Promise<number> {
    const row = this.database.db
      .prepare('SELECT count(*) AS n FROM analytics_queue WHERE dead = 1')
      .get() as {
      n: number;
    };
    return row.n;
  }

  async replay(): Promise<DeadLetterReport> {
    const result = this.database.db
      .prepare('UPDATE analytics_queue SET dead = 0, attempts = 0, available_at = ? WHERE dead = 1')
      .run(Date.now());
    return { replayed: result.changes };
  }

  async close(): Promise<void> {}
}

/** the salts in the same data file: today's and yesterday's kept, older ones deleted */
export class SqliteSaltStore implements SaltStore {
  private readonly cache = new Map<string, Buffer>();

  constructor(
    private readonly database: SqliteQueueDatabase,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async saltFor(day: string): Promise<Buffer> {
    const cached = this.cache.get(day);
    if (cached) return cached;
    const db = this.database.db;
    const yesterday = utcDay(new Date(Date.parse(`${utcDay(this.now())}T00:00:00Z`) - 86_400_000));
    const salt = db.transaction(() => {
      db.prepare('DELETE FROM analytics_salts WHERE day < ?').run(yesterday);
      db.prepare('INSERT OR IGNORE INTO analytics_salts (day, salt) VALUES (?, ?)').run(day, randomBytes(32));
      return (db.prepare('SELECT salt FROM analytics_salts WHERE day = ?').get(day) as { salt: Buffer }).salt;
    })();
    this.cache.set(day, salt);
    if (this.cache.size > 2) this.cache.delete(this.cache.keys().next().value as string);
    return salt;
  }

  async close(): Promise<void> {}
}
