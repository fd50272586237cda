import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSqliteFile, sqliteSchemaVersion, type SqliteDatabase } from '@cardcraft/storage';
import type { EventBatch } from '../../events';
import { EventLoopSlices } from '../../event-loop';
import { sampleEvent } from '../../testing/sample-events';
import { batchesOnly } from '../../testing/jobs';
import { queuedBatch as batch, sleep, until } from '../../testing/queues';
import { describeEventQueueContract } from '../event-queue.contract';
import {
  DEFAULT_SQLITE_QUEUE_OPTIONS,
  SqliteDeadLetters,
  SqliteEventConsumer,
  SqliteEventQueue,
  SqliteQueueDatabase,
  type SqliteQueueOptions,
} from '.';

type Logger = { error: jest.Mock; warn: jest.Mock; log: jest.Mock };
const logger = (): Logger => ({ error: jest.fn(), warn: jest.fn(), log: jest.fn() });

let dir: string;
const closers: Array<() => Promise<void>> = [];
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'cardcraft-queue-'));
});
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
  rmSync(dir, { recursive: true, force: true });
});

/**
 * the queue, its consumer and its dead letters over the case's data file, closed after the case;
 * opened again on the same file, it is the process after a restart
 */
function open(patch: Partial<SqliteQueueOptions> = {}, log: Logger = logger()) {
  const options: SqliteQueueOptions = {
    ...DEFAULT_SQLITE_QUEUE_OPTIONS,
    file: join(dir, 'cardcraft.db'),
    attempts: 3,
    backoffMs: 10,
    pollMs: 10,
    insertIntervalMs: 0,
    ...patch,
  };
  const db = new SqliteQueueDatabase(options.file);
  const queue = new SqliteEventQueue(db);
  const consumer = new SqliteEventConsumer(db, queue, options, log);
  const letters = new SqliteDeadLetters(db);
  closers.push(async () => {
    await consumer.close();
    db.close();
  });
  return { db, queue, consumer, letters, log };
}

const payloadOf = (db: SqliteQueueDatabase, id: string) =>
  (db.db.prepare('SELECT payload FROM analytics_queue WHERE batch_id = ?').get(id) as { payload: string })
    .payload;
const queued = (db: SqliteQueueDatabase) =>
  (db.db.prepare('SELECT count(*) AS n FROM analytics_queue').get() as { n: number }).n;
const groupsOf = (db: SqliteQueueDatabase) =>
  db.db.prepare('SELECT batch_id, group_id FROM analytics_queue ORDER BY created_at, batch_id').all();

describeEventQueueContract('sqlite', async (settings) => {
  const { db, queue, consumer, letters } = open(settings);
  return {
    queue,
    consumer,
    letters,
    stripStaleIps: async (now) => consumer.stripStaleIps(now),
    close: async () => db.close(),
  };
});

describe('embedded durable queue (SQLite)', () => {
  it('keeps queued batches across a restart until they are processed', async () => {
    const first = open();
    await first.queue.enqueue([batch('b1'), batch('b2', 3)]);
    first.db.close(); // the process stops before any worker ran

    const { db, consumer } = open();
    const seen: string[] = [];
    await consumer.start(batchesOnly(async (b) => void seen.push(`${b.id}:${b.events.length}`)));
    await until(() => seen.length === 1);
    await consumer.close();
    // both were waiting when the consumer came round: one insert
    expect(seen).toEqual(['b1+1:5']);
    expect(queued(db)).toBe(0);
  });

  it('pauses after the batch in hand is settled, queues meanwhile, and goes on after resume (a backup)', async () => {
    const { db, queue, consumer } = open();
    const stored: string[] = [];
    let release = () => {};
    const inHand = new Promise<void>((resolve) => (release = resolve));
    await consumer.start(
      batchesOnly(async (b) => {
        if (b.id === 'b1') await inHand;
        stored.push(b.id);
      }),
    );
    await queue.enqueue([batch('b1')]);
    await sleep(30);
    let paused = false;
    const pausing = consumer.pause().then(() => (paused = true));
    await sleep(30);
    // the batch in hand is not cut: the pause waits for it to be stored and taken off the queue
    expect(paused).toBe(false);
    release();
    await pausing;
    expect(stored).toEqual(['b1']);
    expect(queued(db)).toBe(0);
    await queue.enqueue([batch('b2')]);
    await sleep(60);
    expect(stored).toEqual(['b1']);
    expect(queued(db)).toBe(1);
    consumer.resume();
    await until(() => stored.length === 2);
    expect(stored).toEqual(['b1', 'b2']);
  });

  it('spends no try while the store cannot write to its disk: the batch waits, logged once, then is stored', async () => {
    const { db, queue, consumer, letters, log } = open({ backoffMs: 5, pollMs: 5 });
    await queue.enqueue([batch('waits')]);
    let refusals = 12;
    const stored: string[] = [];
    await consumer.start(
      batchesOnly(async (b) => {
        if (refusals-- > 0) {
          throw new Error(
            'Code: 243. DB::Exception: Cannot write to file: No space left on device. (NOT_ENOUGH_SPACE)',
          );
        }
        stored.push(b.id);
      }),
    );
    await until(() => stored.length === 1);
    await consumer.close();
    // twelve refusals with three tries: none was spent, nothing is dead
    expect(await letters.count()).toBe(0);
    expect(log.error).not.toHaveBeenCalled();
    expect(log.warn).toHaveBeenCalledTimes(1);
    expect(log.warn).toHaveBeenCalledWith(
      expect.stringMatching(/the disk refuses writes.*without spending their tries/),
    );
    expect(log.log).toHaveBeenCalledWith(
      expect.stringMatching(/the analytics store is back after .* \(12 failed tries\)/),
    );
    expect(queued(db)).toBe(0);
    expect((await queue.progress()).lastStoredAt).not.toBeNull();
  });

  it('outlives a data file that cannot be written: the batch waits, is sent again under its id, and the outage is logged once', async () => {
    const { db, queue, consumer, log } = open();
    await queue.enqueue([batch('a')]);
    // the disk is full for the first two tries to take the stored batch off the queue
    const full = Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' });
    const prepare = db.db.prepare.bind(db.db);
    let failures = 2;
    const spy = jest.spyOn(db.db, 'prepare').mockImplementation((sql: string) => {
      if (sql.startsWith('DELETE FROM analytics_queue') && failures > 0) {
        failures--;
        const failing = {
          run: () => {
            throw full;
          },
        };
        return failing as unknown as ReturnType<typeof prepare>;
      }
      return prepare(sql);
    });
    const delivered: string[] = [];
    await consumer.start(batchesOnly(async (b) => void delivered.push(b.id)));
    await until(() => queued(db) === 0).catch((err: Error) => {
      throw new Error(
        `${err.message}: ${JSON.stringify({ delivered, failures, errors: log.error.mock.calls })}`,
      );
    });
    await consumer.close();
    spy.mockRestore();
    // the same batch under the same id each time: the store's deduplication keeps one copy
    expect(delivered).toEqual(['a', 'a', 'a']);
    expect(log.error).toHaveBeenCalledTimes(1);
    expect(log.error).toHaveBeenCalledWith(expect.stringContaining('database or disk is full'));
    expect(log.log).toHaveBeenCalledWith(expect.stringMatching(/answers again, after \d+\.\d s/));
  });

  describe('batches waiting together', () => {
    it('go in one insert of at most maxGroupEvents events, in queue order; an erase goes alone', async () => {
      const { db, queue, consumer } = open({ maxGroupEvents: 8 });
      // queued a millisecond apart: the queue's order is the order of arrival
      await queue.enqueue([batch('a', 4), batch('b', 4), batch('c', 4)]);
      await sleep(2);
      await queue.enqueueErase({ profileId: 'p' });
      await sleep(2);
      await queue.enqueue([batch('d', 1)]);
      const seen: string[] = [];
      await consumer.start(async (job) => {
        seen.push(
          job.name === 'analytics.ingest-batch'
            ? `${job.payload.id}:${job.payload.events.length}:${job.payload.firstBatchId ?? '-'}`
            : `erase ${job.payload.profileId}`,
        );
      });
      await until(() => seen.length === 4).catch((err: Error) => {
        throw new Error(`${err.message}: saw ${seen.join(' ')}`);
      });
      await consumer.close();
      // a and b fill the group (8 events), c would overflow it; the erase stops c from joining d. a
      // group names its first batch on its own; a batch alone is the producer's as it was
      expect(seen).toEqual(['a+1:8:a', 'c:4:-', 'erase p', 'd:1:-']);
      expect(groupsOf(db)).toEqual([]);
    });

    it('go at most one insert per insertIntervalMs: what arrives meanwhile waits and goes in the next one', async () => {
      const { queue, consumer } = open({ insertIntervalMs: 300 });
      const inserts: Array<{ id: string; events: number; at: number }> = [];
      await consumer.start(
        batchesOnly(async (b) => {
          inserts.push({ id: b.id, events: b.events.length, at: performance.now() });
        }),
      );
      await queue.enqueue([batch('first', 1)]);
      await until(() => inserts.length === 1);
      // three batches handed over one by one, right after the first insert
      for (const id of ['x', 'y', 'z']) {
        await queue.enqueue([batch(id, 2)]);
        await sleep(5);
      }
      await until(() => inserts.length === 2);
      await sleep(400);
      await consumer.close();
      expect(inserts.map(({ id, events }) => `${id}:${events}`)).toEqual(['first:1', 'x+2:6']);
      const [first, next] = inserts.map((insert) => insert.at);
      // node's timers keep whole milliseconds: a wait of 300 ms may end up to a millisecond early
      expect((next ?? 0) - (first ?? 0)).toBeGreaterThanOrEqual(290);
    });

    /**
     * a burst queued before the consumer starts, with a minute between spaced inserts: the inserts
     * made (id:events) once `expected` of them ran and a batch that arrives after them had its chance
     */
    async function insertsOfBurst(burst: EventBatch[], expected: number): Promise<string[]> {
      const { queue, consumer } = open({ insertIntervalMs: 60_000, maxGroupEvents: 4 });
      await queue.enqueue(burst);
      const inserts: string[] = [];
      await consumer.start(batchesOnly(async (b) => void inserts.push(`${b.id}:${b.events.length}`)));
      await until(() => inserts.length === expected);
      await queue.enqueue([batch('later', 1)]);
      await sleep(300);
      await consumer.close();
      return inserts;
    }

    it('follow a full group at once while a backlog waits, and space the inserts again once it is gone', async () => {
      // five full groups' worth and a short one; the last group was not full, so 'later' waits the
      // interval
      const burst = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k'].map((id) => batch(id, 2));
      expect(await insertsOfBurst(burst, 6)).toEqual(['a+1:4', 'c+1:4', 'e+1:4', 'g+1:4', 'i+1:4', 'k:2']);
    });

    it('follow a batch larger than a group at once too, while more wait behind it', async () => {
      const burst = [batch('big1', 5), batch('big2', 5), batch('big3', 5)];
      expect(await insertsOfBurst(burst, 3)).toEqual(['big1:5', 'big2:5', 'big3:5']);
    });

    it('stops at once on close while it waits for the next insert; the batches stay queued', async () => {
      const { db, queue, consumer } = open({ insertIntervalMs: 60_000 });
      const seen: string[] = [];
      await consumer.start(batchesOnly(async (b) => void seen.push(b.id)));
      await queue.enqueue([batch('first', 1)]);
      await until(() => seen.length === 1);
      await queue.enqueue([batch('later', 1)]);
      const closing = performance.now();
      await consumer.close();
      expect(performance.now() - closing).toBeLessThan(5000);
      expect(seen).toEqual(['first']);
      expect(groupsOf(db)).toEqual([{ batch_id: 'later', group_id: null }]);
    });

    it('are retried as the same group with the same id, also after a restart, whatever came since', async () => {
      const first = open({ backoffMs: 60_000 });
      await first.queue.enqueue([batch('a', 2), batch('b', 3)]);
      const failed: string[] = [];
      await first.consumer.start(
        batchesOnly(async (b) => {
          failed.push(b.id);
          throw new Error('ClickHouse is down');
        }),
      );
      await until(() => failed.length === 1);
      await first.consumer.close();
      expect(failed).toEqual(['a+1']);
      expect(groupsOf(first.db)).toEqual([
        { batch_id: 'a', group_id: 'a+1' },
        { batch_id: 'b', group_id: 'a+1' },
      ]);
      // the process stops; the retry is due and a new batch arrives meanwhile
      first.db.db.prepare('UPDATE analytics_queue SET available_at = 0').run();
      await first.queue.enqueue([batch('c', 1)]);
      first.db.close();

      const { consumer } = open();
      const seen: string[] = [];
      await consumer.start(
        batchesOnly(async (b) => void seen.push(`${b.id}:${b.events.length}:${b.firstBatchId ?? '-'}`)),
      );
      await until(() => seen.length === 2);
      await consumer.close();
      // the same rows under the same id, so the store's deduplication token matches the first try
      expect(seen).toEqual(['a+1:5:a', 'c:1:-']);
    });

    it('never take in a batch stored alone whose removal failed: it goes again alone, under its own id', async () => {
      const first = open();
      // the insert succeeds, then the row cannot be removed (a disk that refuses the delete)
      first.db.db.exec(
        "CREATE TRIGGER fail_delete BEFORE DELETE ON analytics_queue BEGIN SELECT RAISE(ABORT, 'disk I/O error'); END",
      );
      await first.queue.enqueue([batch('a', 2)]);
      const stored: string[] = [];
      await first.consumer.start(batchesOnly(async (b) => void stored.push(b.id)));
      await until(() => stored.length >= 1);
      await first.consumer.close();
      expect(groupsOf(first.db)).toEqual([{ batch_id: 'a', group_id: 'a' }]);
      // more batches wait behind it when the disk is back
      first.db.db.exec('DROP TRIGGER fail_delete');
      first.db.db.prepare('UPDATE analytics_queue SET available_at = 0').run();
      await first.queue.enqueue([batch('b', 3), batch('c', 1)]);
      first.db.close();

      const { db, consumer } = open();
      const seen: string[] = [];
      await consumer.start(batchesOnly(async (b) => void seen.push(`${b.id}:${b.events.length}`)));
      await until(() => seen.length === 2);
      await consumer.close();
      // the same id as its first insert, so the store's deduplication token matches; the others group
      expect(seen).toEqual(['a:2', 'b+1:4']);
      expect(groupsOf(db)).toEqual([]);
    });

    it('leave out a batch that is not valid: it fails on its own and becomes a dead letter', async () => {
      const { db, queue, consumer, letters } = open();
      await queue.enqueue([batch('a', 2)]);
      const now = Date.now();
      db.db
        .prepare(
          `INSERT INTO analytics_queue (batch_id, job, payload, attempts, available_at, created_at)
           VALUES ('broken', 'analytics.ingest-batch', '{"id":"broken","events":[{"type":"nope"}]}', 0, ?, ?)`,
        )
        .run(now, now + 1);
      const seen: string[] = [];
      await consumer.start(batchesOnly(async (b) => void seen.push(`${b.id}:${b.events.length}`)));
      await until(async () => (await letters.count()) === 1);
      await consumer.close();
      expect(seen).toEqual(['a:2']);
      expect(groupsOf(db)).toEqual([{ batch_id: 'broken', group_id: null }]);
    });
  });

  describe('rows queued by the previous version (events as objects with keys)', () => {
    it('drain from a data file it left: alone, together with new rows, and as a group it had formed', async () => {
      const { db, queue, consumer } = open();
      // as the previous version wrote them: JSON.stringify of the batch, group_id set for a group it
      // had claimed before it stopped
      const oldRow = db.db.prepare(
        `INSERT INTO analytics_queue (batch_id, job, payload, attempts, available_at, created_at, group_id)
         VALUES (?, 'analytics.ingest-batch', ?, ?, ?, ?, ?)`,
      );
      const grouped = [batch('g1', 2), batch('g2', 3)];
      const old = batch('old', 2);
      const legacy = {
        id: 'legacy',
        // from before the authenticated flag: a user id meant a signed-in visit
        events: [{ ...sampleEvent({ profileId: 'p', userId: 'u-1' }), authenticated: undefined }],
      };
      const t = Date.now() - 1000;
      oldRow.run('g1', JSON.stringify(grouped[0]), 1, t, t, 'g1+1');
      oldRow.run('g2', JSON.stringify(grouped[1]), 1, t, t + 1, 'g1+1');
      oldRow.run('old', JSON.stringify(old), 0, t, t + 2, null);
      oldRow.run('legacy', JSON.stringify(legacy), 0, t, t + 3, null);
      await sleep(2);
      const fresh = batch('new', 2);
      await queue.enqueue([fresh]);
      expect(payloadOf(db, 'new')).toContain('[[');
      const seen: EventBatch[] = [];
      await consumer.start(batchesOnly((b) => seen.push(b)));
      await until(() => seen.length === 2);
      await consumer.close();
      expect(seen.map((b) => [b.id, b.firstBatchId])).toEqual([
        ['g1+1', 'g1'],
        ['old+2', 'old'],
      ]);
      expect(seen[0].events).toEqual([...grouped[0].events, ...grouped[1].events]);
      expect(seen[1].events).toEqual([
        ...old.events,
        { ...legacy.events[0], authenticated: true },
        ...fresh.events,
      ]);
      expect(queued(db)).toBe(0);
    });

    it('lose their ips like new rows once they failed a day ago', async () => {
      const { db, queue } = open();
      const t = Date.now() - 2 * 86_400_000;
      db.db
        .prepare(
          `INSERT INTO analytics_queue (batch_id, job, payload, attempts, available_at, created_at)
           VALUES ('old-failed', 'analytics.ingest-batch', ?, 2, ?, ?)`,
        )
        .run(JSON.stringify(batch('old-failed', 2)), t, t);
      await queue.enqueue([batch('new-failed', 2)]);
      db.db
        .prepare("UPDATE analytics_queue SET attempts = 1, created_at = ? WHERE batch_id = 'new-failed'")
        .run(t);
      expect(db.stripIpsOfFailedBefore(Date.now() - 86_400_000)).toBe(2);
      for (const id of ['old-failed', 'new-failed']) expect(payloadOf(db, id)).not.toContain('8.8.8.8');
    });
  });

  describe('a long group', () => {
    afterEach(() => jest.restoreAllMocks());

    it('is read and parsed with the event loop let go between slices, before its handler runs', async () => {
      // every slice used up at once: the consumer must let other callbacks run between the batches
      // it reads, and a timer's callbacks run meanwhile
      jest.spyOn(EventLoopSlices.prototype, 'due').mockReturnValue(true);
      const { queue, consumer } = open();
      await queue.enqueue(Array.from({ length: 10 }, (_, i) => batch(`long-${i}`, 100)));
      let turns = 0;
      let counting = true;
      const count = () => {
        turns += 1;
        if (counting) setImmediate(count);
      };
      setImmediate(count);
      const seen: Array<{ id: string; events: number; turns: number }> = [];
      await consumer.start(batchesOnly((b) => seen.push({ id: b.id, events: b.events.length, turns })));
      await until(() => seen.length === 1);
      counting = false;
      await consumer.close();
      expect(seen).toEqual([{ id: 'long-0+9', events: 1000, turns: expect.any(Number) }]);
      // one turn at least for each batch read and each batch parsed
      expect(seen[0].turns).toBeGreaterThanOrEqual(10);
    });
  });

  describe('raw ips of failed batches', () => {
    const DAY = 86_400_000;

    it('strips them from a batch still retrying, and leaves a batch that never failed alone', async () => {
      // a long backoff: the batch waits for its second try
      const { db, queue, consumer } = open({ attempts: 5, backoffMs: 60_000 });
      let calls = 0;
      await consumer.start(async () => {
        calls += 1;
        throw new Error('ClickHouse is down');
      });
      await queue.enqueue([batch('retrying')]);
      await until(() => calls === 1);
      await consumer.close();
      // queued but never tried (the process stopped first)
      await queue.enqueue([batch('waiting')]);
      expect(consumer.stripStaleIps(new Date(Date.now() + DAY))).toBe(1);
      expect(payloadOf(db, 'retrying')).not.toContain('8.8.8.8');
      expect(payloadOf(db, 'waiting')).toContain('8.8.8.8');
    });

    it('sweeps on its own, every ipSweepMs', async () => {
      const { db, queue, consumer } = open({ attempts: 1, ipMaxAgeMs: 200, ipSweepMs: 50 });
      await consumer.start(async () => {
        throw new Error('ClickHouse is down');
      });
      await queue.enqueue([batch('swept')]);
      await until(() => !payloadOf(db, 'swept').includes('8.8.8.8'));
      expect(JSON.parse(payloadOf(db, 'swept')).events).toHaveLength(2);
    });
  });
});

describe('the queue’s schema versions in the data file', () => {
  // the queue's table as the builds before versions left it, frozen here: the first one's, and the
  // last one's (its ips_stripped in the table, group_id added at open)
  const FIRST_QUEUE_DDL = `
    CREATE TABLE analytics_queue (batch_id TEXT PRIMARY KEY, job TEXT NOT NULL, payload TEXT NOT NULL,
      attempts INTEGER NOT NULL DEFAULT 0, available_at INTEGER NOT NULL, dead INTEGER NOT NULL DEFAULT 0,
      last_error TEXT, created_at INTEGER NOT NULL);
    CREATE INDEX analytics_queue_due ON analytics_queue (dead, available_at, created_at);
    CREATE TABLE analytics_salts (day TEXT PRIMARY KEY, salt BLOB NOT NULL);`;
  const UNVERSIONED_DDL = `${FIRST_QUEUE_DDL.replace('created_at INTEGER NOT NULL)', 'created_at INTEGER NOT NULL, ips_stripped INTEGER NOT NULL DEFAULT 0)')}
    ALTER TABLE analytics_queue ADD COLUMN group_id TEXT;`;

  it.each([
    ['the first queue', FIRST_QUEUE_DDL, { ips_stripped: 0, group_id: null }],
    ['the last build before versions', UNVERSIONED_DDL, {}],
  ])('a file made by %s keeps every waiting batch and salt', (_build, ddl, added) => {
    const file = join(dir, 'cardcraft.db');
    const made = openSqliteFile(file);
    made.exec(ddl);
    made
      .prepare(
        `INSERT INTO analytics_queue (batch_id, job, payload, attempts, available_at, dead, last_error, created_at)
         VALUES (?, 'analytics.ingest-batch', ?, ?, 1, ?, ?, ?)`,
      )
      .run('waiting', JSON.stringify(batch('waiting', 2)), 0, 0, null, 2);
    made
      .prepare(
        `INSERT INTO analytics_queue (batch_id, job, payload, attempts, available_at, dead, last_error, created_at)
         VALUES (?, 'analytics.ingest-batch', ?, ?, 1, ?, ?, ?)`,
      )
      .run('dead', JSON.stringify(batch('dead', 1)), 3, 1, 'ClickHouse is down', 3);
    made.prepare('INSERT INTO analytics_salts VALUES (?, ?)').run('2026-01-02', Buffer.from('salt'));
    const rowsOf = (db: SqliteDatabase) => ({
      queue: db.prepare('SELECT * FROM analytics_queue ORDER BY created_at').all(),
      salts: db.prepare('SELECT * FROM analytics_salts').all(),
    });
    const before = rowsOf(made);
    made.close();

    const opened = new SqliteQueueDatabase(file);
    try {
      expect(rowsOf(opened.db)).toEqual({
        queue: before.queue.map((row) => ({ ...(row as object), ...added })),
        salts: before.salts,
      });
      expect(sqliteSchemaVersion(opened.db, 'analytics_queue')).toBe(3);
    } finally {
      opened.close();
    }
  });

  it('refuses a file a newer build migrated, naming both versions', () => {
    const file = join(dir, 'cardcraft.db');
    new SqliteQueueDatabase(file).close();
    const db = openSqliteFile(file);
    db.prepare("INSERT INTO schema_version VALUES ('analytics_queue', 4, 'later', 0)").run();
    db.close();
    expect(() => new SqliteQueueDatabase(file)).toThrow(
      `the analytics queue in ${file} is at schema version 4, newer than this build's 3; run a build at least as new, or restore a backup made by this one.`,
    );
  });
});
