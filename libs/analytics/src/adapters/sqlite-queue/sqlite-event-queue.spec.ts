import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EventBatch } from '../../events';
import { sampleEvent } from '../../testing/sample-events';
import { batchesOnly } from '../../testing/jobs';
import { EventLoopSlices } from '../../event-loop';
import {
  DEFAULT_SQLITE_QUEUE_OPTIONS,
  SqliteDeadLetters,
  SqliteEventConsumer,
  SqliteEventQueue,
  SqliteQueueDatabase,
} from './sqlite-event-queue';

const batch = (id: string, n = 2): EventBatch => ({
  id,
  events: Array.from({ length: n }, () => sampleEvent({ profileId: 'p' })),
});

async function until(check: () => boolean | Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('embedded durable queue (SQLite)', () => {
  let dir: string;
  const logger = { error: jest.fn(), warn: jest.fn(), log: jest.fn() };
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'cardcraft-queue-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));
  const payloadOf = (db: SqliteQueueDatabase, id: string) =>
    (db.db.prepare('SELECT payload FROM analytics_queue WHERE batch_id = ?').get(id) as { payload: string })
      .payload;

  it('keeps queued batches across a restart until they are processed', async () => {
    const file = join(dir, 'cardcraft.db');
    const first = new SqliteQueueDatabase(file);
    await new SqliteEventQueue(first).enqueue([batch('b1'), batch('b2', 3)]);
    first.close(); // the process stops before any worker ran

    const second = new SqliteQueueDatabase(file);
    const queue = new SqliteEventQueue(second);
    const consumer = new SqliteEventConsumer(
      second,
      queue,
      { ...DEFAULT_SQLITE_QUEUE_OPTIONS, file, attempts: 3, backoffMs: 10, pollMs: 20, insertIntervalMs: 0 },
      logger,
    );
    const seen: string[] = [];
    await consumer.start(
      batchesOnly(async (b) => {
        seen.push(`${b.id}:${b.events.length}`);
      }),
    );
    // both were waiting when the consumer came round: one insert, named after the first
    await until(() => seen.length === 1);
    expect(seen).toEqual(['b1+1:5']);
    await consumer.close();
    expect(second.db.prepare('SELECT count(*) AS n FROM analytics_queue').get()).toEqual({ n: 0 });
    second.close();
  });

  it('retries with backoff, keeps a batch that failed its last try as a dead letter, and replays it', async () => {
    const file = join(dir, 'cardcraft.db');
    const db = new SqliteQueueDatabase(file);
    const queue = new SqliteEventQueue(db);
    const consumer = new SqliteEventConsumer(
      db,
      queue,
      { ...DEFAULT_SQLITE_QUEUE_OPTIONS, file, attempts: 3, backoffMs: 10, pollMs: 10, insertIntervalMs: 0 },
      logger,
    );
    const tries: number[] = [];
    let failing = true;
    const done: string[] = [];
    await consumer.start(
      batchesOnly(async (b) => {
        tries.push(Date.now());
        if (failing) throw new Error('ClickHouse is down');
        done.push(b.id);
      }),
    );
    await queue.enqueue([batch('dead-1')]);
    const letters = new SqliteDeadLetters(db);
    await until(async () => (await letters.count()) === 1);
    expect(tries).toHaveLength(3);
    // exponential: at least 10 ms, then at least 20 ms (each wait also rounds up to the poll interval,
    // so the gaps themselves are not compared: on a busy machine the first can come out longer)
    expect(tries[1] - tries[0]).toBeGreaterThanOrEqual(10);
    expect(tries[2] - tries[1]).toBeGreaterThanOrEqual(20);
    expect(logger.error).toHaveBeenCalledWith(expect.stringContaining('dead letter'));

    failing = false;
    expect(await letters.replay()).toEqual({ replayed: 1 });
    await until(() => done.length === 1);
    expect(done).toEqual(['dead-1']);
    expect(await letters.count()).toBe(0);
    await consumer.close();
    db.close();
  });

  it("tells its depth: waiting, retrying and dead batches, and the oldest waiting batch's age", async () => {
    const file = join(dir, 'cardcraft.db');
    const db = new SqliteQueueDatabase(file);
    const queue = new SqliteEventQueue(db);
    expect(await queue.depth()).toEqual({ waiting: 0, active: 0, retrying: 0, dead: 0, oldestAgeSeconds: 0 });
    await queue.enqueue([batch('d1')]);
    await new Promise((r) => setTimeout(r, 200));
    await queue.enqueue([batch('d2')]);
    const waiting = await queue.depth();
    expect(waiting).toMatchObject({ waiting: 2, retrying: 0, dead: 0 });
    expect(waiting.oldestAgeSeconds).toBeGreaterThanOrEqual(0.2);

    const consumer = new SqliteEventConsumer(
      db,
      queue,
      { ...DEFAULT_SQLITE_QUEUE_OPTIONS, file, attempts: 2, backoffMs: 300, pollMs: 10, insertIntervalMs: 0 },
      logger,
    );
    await consumer.start(
      batchesOnly(async () => {
        throw new Error('ClickHouse is down');
      }),
    );
    // both failed their first try together (one group) and wait for the backoff
    await until(async () => (await queue.depth()).retrying === 2);
    expect(await queue.depth()).toMatchObject({ waiting: 0, dead: 0, oldestAgeSeconds: 0 });
    await until(async () => (await queue.depth()).dead === 2);
    expect(await queue.depth()).toEqual({ waiting: 0, active: 0, retrying: 0, dead: 2, oldestAgeSeconds: 0 });
    await consumer.close();
    db.close();
  });

  it('spends no try while the store cannot write to its disk: the batch waits, logged once, then is stored', async () => {
    const file = join(dir, 'cardcraft.db');
    const db = new SqliteQueueDatabase(file);
    const queue = new SqliteEventQueue(db);
    await queue.enqueue([batch('waits')]);
    const log = { error: jest.fn(), warn: jest.fn(), log: jest.fn() };
    let refusals = 12;
    const stored: string[] = [];
    const consumer = new SqliteEventConsumer(
      db,
      queue,
      { ...DEFAULT_SQLITE_QUEUE_OPTIONS, file, attempts: 3, backoffMs: 5, pollMs: 5, insertIntervalMs: 0 },
      log,
    );
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
    expect(await new SqliteDeadLetters(db).count()).toBe(0);
    expect(log.error).not.toHaveBeenCalled();
    expect(log.warn).toHaveBeenCalledTimes(1);
    expect(log.warn).toHaveBeenCalledWith(
      expect.stringMatching(/the disk refuses writes.*without spending their tries/),
    );
    expect(log.log).toHaveBeenCalledWith(
      expect.stringMatching(/the analytics store is back after .* \(12 failed tries\)/),
    );
    expect((await queue.progress()).waiting).toBe(0);
    expect((await queue.progress()).lastStoredAt).not.toBeNull();
    db.close();
  });

  it('outlives a data file that cannot be written: the batch waits, is sent again under its id, and the outage is logged once', async () => {
    const file = join(dir, 'cardcraft.db');
    const db = new SqliteQueueDatabase(file);
    const queue = new SqliteEventQueue(db);
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
    const log = { error: jest.fn(), warn: jest.fn(), log: jest.fn() };
    const delivered: string[] = [];
    const consumer = new SqliteEventConsumer(
      db,
      queue,
      { ...DEFAULT_SQLITE_QUEUE_OPTIONS, file, attempts: 3, backoffMs: 10, pollMs: 10, insertIntervalMs: 0 },
      log,
    );
    await consumer.start(
      batchesOnly(async (b) => {
        delivered.push(b.id);
      }),
    );
    const queued = () =>
      (db.db.prepare('SELECT count(*) AS n FROM analytics_queue').get() as { n: number }).n;
    await until(() => queued() === 0).catch((err: Error) => {
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
    db.close();
  });

  describe('batches waiting together', () => {
    const file = () => join(dir, 'cardcraft.db');
    const options = (patch: Partial<typeof DEFAULT_SQLITE_QUEUE_OPTIONS> = {}) => ({
      ...DEFAULT_SQLITE_QUEUE_OPTIONS,
      file: file(),
      attempts: 3,
      backoffMs: 10,
      pollMs: 10,
      insertIntervalMs: 0,
      ...patch,
    });
    const groupsOf = (db: SqliteQueueDatabase) =>
      db.db.prepare('SELECT batch_id, group_id FROM analytics_queue ORDER BY created_at, batch_id').all();

    it('go in one insert of at most maxGroupEvents events, in queue order; an erase goes alone', async () => {
      const db = new SqliteQueueDatabase(file());
      const queue = new SqliteEventQueue(db);
      // queued a millisecond apart: the queue's order is the order of arrival
      const tick = () => new Promise((resolve) => setTimeout(resolve, 2));
      await queue.enqueue([batch('a', 4), batch('b', 4), batch('c', 4)]);
      await tick();
      await queue.enqueueErase({ profileId: 'p' });
      await tick();
      await queue.enqueue([batch('d', 1)]);
      const seen: string[] = [];
      const consumer = new SqliteEventConsumer(db, queue, options({ maxGroupEvents: 8 }), logger);
      await consumer.start(async (job) => {
        seen.push(
          job.name === 'analytics.ingest-batch'
            ? `${job.payload.id}:${job.payload.events.length}`
            : `erase ${job.payload.profileId}`,
        );
      });
      await until(() => seen.length === 4).catch((err: Error) => {
        throw new Error(`${err.message}: saw ${seen.join(' ')}`);
      });
      await consumer.close();
      // a and b fill the group (8 events), c would overflow it; the erase stops c from joining d
      expect(seen).toEqual(['a+1:8', 'c:4', 'erase p', 'd:1']);
      expect(groupsOf(db)).toEqual([]);
      db.close();
    });

    it('go at most one insert per insertIntervalMs: what arrives meanwhile waits and goes in the next one', async () => {
      const db = new SqliteQueueDatabase(file());
      const queue = new SqliteEventQueue(db);
      const inserts: Array<{ id: string; events: number; at: number }> = [];
      const consumer = new SqliteEventConsumer(db, queue, options({ insertIntervalMs: 300 }), logger);
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
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      await until(() => inserts.length === 2);
      await new Promise((resolve) => setTimeout(resolve, 400));
      await consumer.close();
      expect(inserts.map(({ id, events }) => `${id}:${events}`)).toEqual(['first:1', 'x+2:6']);
      const [first, next] = inserts.map((insert) => insert.at);
      // node's timers keep whole milliseconds: a wait of 300 ms may end up to a millisecond early
      expect((next ?? 0) - (first ?? 0)).toBeGreaterThanOrEqual(290);
      db.close();
    });

    it('stops at once on close while it waits for the next insert; the batches stay queued', async () => {
      const db = new SqliteQueueDatabase(file());
      const queue = new SqliteEventQueue(db);
      const seen: string[] = [];
      const consumer = new SqliteEventConsumer(db, queue, options({ insertIntervalMs: 60_000 }), logger);
      await consumer.start(batchesOnly(async (b) => void seen.push(b.id)));
      await queue.enqueue([batch('first', 1)]);
      await until(() => seen.length === 1);
      await queue.enqueue([batch('later', 1)]);
      const closing = performance.now();
      await consumer.close();
      expect(performance.now() - closing).toBeLessThan(5000);
      expect(seen).toEqual(['first']);
      expect(groupsOf(db)).toEqual([{ batch_id: 'later', group_id: null }]);
      db.close();
    });

    it('are retried as the same group with the same id, also after a restart, whatever came since', async () => {
      const first = new SqliteQueueDatabase(file());
      const firstQueue = new SqliteEventQueue(first);
      await firstQueue.enqueue([batch('a', 2), batch('b', 3)]);
      const failed: string[] = [];
      const failing = new SqliteEventConsumer(first, firstQueue, options({ backoffMs: 60_000 }), logger);
      await failing.start(
        batchesOnly(async (b) => {
          failed.push(b.id);
          throw new Error('ClickHouse is down');
        }),
      );
      await until(() => failed.length === 1);
      await failing.close();
      expect(failed).toEqual(['a+1']);
      expect(groupsOf(first)).toEqual([
        { batch_id: 'a', group_id: 'a+1' },
        { batch_id: 'b', group_id: 'a+1' },
      ]);
      // the process stops; the retry is due and a new batch arrives meanwhile
      first.db.prepare('UPDATE analytics_queue SET available_at = 0').run();
      await firstQueue.enqueue([batch('c', 1)]);
      first.close();

      const second = new SqliteQueueDatabase(file());
      const queue = new SqliteEventQueue(second);
      const seen: string[] = [];
      const consumer = new SqliteEventConsumer(second, queue, options(), logger);
      await consumer.start(
        batchesOnly(async (b) => {
          seen.push(`${b.id}:${b.events.length}`);
        }),
      );
      await until(() => seen.length === 2);
      await consumer.close();
      // the same rows under the same id, so the store's deduplication token matches the first try
      expect(seen).toEqual(['a+1:5', 'c:1']);
      second.close();
    });

    it('leave out a batch that is not valid: it fails on its own and becomes a dead letter', async () => {
      const db = new SqliteQueueDatabase(file());
      const queue = new SqliteEventQueue(db);
      await queue.enqueue([batch('a', 2)]);
      const now = Date.now();
      db.db
        .prepare(
          `INSERT INTO analytics_queue (batch_id, job, payload, attempts, available_at, created_at)
           VALUES ('broken', 'analytics.ingest-batch', '{"id":"broken","events":[{"type":"nope"}]}', 0, ?, ?)`,
        )
        .run(now, now + 1);
      const seen: string[] = [];
      const consumer = new SqliteEventConsumer(db, queue, options(), logger);
      await consumer.start(
        batchesOnly(async (b) => {
          seen.push(`${b.id}:${b.events.length}`);
        }),
      );
      const letters = new SqliteDeadLetters(db);
      await until(async () => (await letters.count()) === 1);
      await consumer.close();
      expect(seen).toEqual(['a:2']);
      expect(db.db.prepare('SELECT batch_id, group_id FROM analytics_queue').all()).toEqual([
        { batch_id: 'broken', group_id: null },
      ]);
      db.close();
    });
  });

  describe('rows queued by the previous version (events as objects with keys)', () => {
    const options = (file: string) => ({
      ...DEFAULT_SQLITE_QUEUE_OPTIONS,
      file,
      attempts: 3,
      backoffMs: 10,
      pollMs: 10,
      insertIntervalMs: 0,
    });

    it('drain from a data file it left: alone, together with new rows, and as a group it had formed', async () => {
      const file = join(dir, 'cardcraft.db');
      const db = new SqliteQueueDatabase(file);
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
      const queue = new SqliteEventQueue(db);
      await new Promise((resolve) => setTimeout(resolve, 2));
      const fresh = batch('new', 2);
      await queue.enqueue([fresh]);
      expect(payloadOf(db, 'new')).toContain('[[');
      const seen: EventBatch[] = [];
      const consumer = new SqliteEventConsumer(db, queue, options(file), logger);
      await consumer.start(batchesOnly((b) => seen.push(b)));
      await until(() => seen.length === 2);
      await consumer.close();
      expect(seen.map((b) => b.id)).toEqual(['g1+1', 'old+2']);
      expect(seen[0].events).toEqual([...grouped[0].events, ...grouped[1].events]);
      expect(seen[1].events).toEqual([
        ...old.events,
        { ...legacy.events[0], authenticated: true },
        ...fresh.events,
      ]);
      expect(db.db.prepare('SELECT count(*) AS n FROM analytics_queue').get()).toEqual({ n: 0 });
      db.close();
    });

    it('lose their ips like new rows once they failed a day ago', async () => {
      const file = join(dir, 'cardcraft.db');
      const db = new SqliteQueueDatabase(file);
      const t = Date.now() - 2 * 86_400_000;
      db.db
        .prepare(
          `INSERT INTO analytics_queue (batch_id, job, payload, attempts, available_at, created_at)
           VALUES ('old-failed', 'analytics.ingest-batch', ?, 2, ?, ?)`,
        )
        .run(JSON.stringify(batch('old-failed', 2)), t, t);
      await new SqliteEventQueue(db).enqueue([batch('new-failed', 2)]);
      db.db
        .prepare("UPDATE analytics_queue SET attempts = 1, created_at = ? WHERE batch_id = 'new-failed'")
        .run(t);
      expect(db.stripIpsOfFailedBefore(Date.now() - 86_400_000)).toBe(2);
      for (const id of ['old-failed', 'new-failed']) expect(payloadOf(db, id)).not.toContain('8.8.8.8');
      db.close();
    });
  });

  describe('a long group', () => {
    afterEach(() => jest.restoreAllMocks());

    it('is read and parsed with the event loop let go between slices, before its handler runs', async () => {
      // every slice used up at once: the consumer must let other callbacks run between the batches
      // it reads, and a timer's callbacks run meanwhile
      jest.spyOn(EventLoopSlices.prototype, 'due').mockReturnValue(true);
      const file = join(dir, 'cardcraft.db');
      const db = new SqliteQueueDatabase(file);
      const queue = new SqliteEventQueue(db);
      await queue.enqueue(Array.from({ length: 10 }, (_, i) => batch(`long-${i}`, 100)));
      let turns = 0;
      let counting = true;
      const count = () => {
        turns += 1;
        if (counting) setImmediate(count);
      };
      setImmediate(count);
      const seen: Array<{ id: string; events: number; turns: number }> = [];
      const consumer = new SqliteEventConsumer(
        db,
        queue,
        { ...DEFAULT_SQLITE_QUEUE_OPTIONS, file, pollMs: 10, insertIntervalMs: 0 },
        logger,
      );
      await consumer.start(batchesOnly((b) => seen.push({ id: b.id, events: b.events.length, turns })));
      await until(() => seen.length === 1);
      counting = false;
      await consumer.close();
      expect(seen).toEqual([{ id: 'long-0+9', events: 1000, turns: expect.any(Number) }]);
      // one turn at least for each batch read and each batch parsed
      expect(seen[0].turns).toBeGreaterThanOrEqual(10);
      db.close();
    });
  });

  describe('raw ips of failed batches', () => {
    const DAY = 86_400_000;

    it('strips them from a dead letter a day after it was queued, and a replay works without them', async () => {
      const file = join(dir, 'cardcraft.db');
      const db = new SqliteQueueDatabase(file);
      const queue = new SqliteEventQueue(db);
      const options = {
        ...DEFAULT_SQLITE_QUEUE_OPTIONS,
        file,
        attempts: 2,
        backoffMs: 10,
        pollMs: 10,
        insertIntervalMs: 0,
      };
      const consumer = new SqliteEventConsumer(db, queue, options, logger);
      let failing = true;
      const replayed: EventBatch[] = [];
      await consumer.start(
        batchesOnly(async (b) => {
          if (failing) throw new Error('ClickHouse is down');
          replayed.push(b);
        }),
      );
      await queue.enqueue([batch('dead-with-ips', 3)]);
      const letters = new SqliteDeadLetters(db);
      await until(async () => (await letters.count()) === 1);
      // the same day: kept, so that a replay still finds the countries
      expect(consumer.stripStaleIps(new Date(Date.now() + DAY - 60_000))).toBe(0);
      expect(payloadOf(db, 'dead-with-ips')).toContain('"8.8.8.8"');
      // a day on: gone, once
      expect(consumer.stripStaleIps(new Date(Date.now() + DAY))).toBe(1);
      expect(consumer.stripStaleIps(new Date(Date.now() + 2 * DAY))).toBe(0);
      expect(payloadOf(db, 'dead-with-ips')).not.toContain('8.8.8.8');

      failing = false;
      await letters.replay();
      await until(() => replayed.length === 1);
      expect(replayed[0].id).toBe('dead-with-ips');
      expect(replayed[0].events.map((e) => e.ip)).toEqual([null, null, null]);
      expect(replayed[0].events.map((e) => e.userAgent)).toEqual(
        batch('x', 3).events.map((e) => e.userAgent),
      );
      await consumer.close();
      db.close();
    });

    it('strips them from a batch still retrying, and leaves a batch that never failed alone', async () => {
      const file = join(dir, 'cardcraft.db');
      const db = new SqliteQueueDatabase(file);
      const queue = new SqliteEventQueue(db);
      // a long backoff: the batch waits for its second try
      const options = {
        ...DEFAULT_SQLITE_QUEUE_OPTIONS,
        file,
        attempts: 5,
        backoffMs: 60_000,
        pollMs: 10,
        insertIntervalMs: 0,
      };
      const consumer = new SqliteEventConsumer(db, queue, options, logger);
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
      db.close();
    });

    it('sweeps on its own, every ipSweepMs', async () => {
      const file = join(dir, 'cardcraft.db');
      const db = new SqliteQueueDatabase(file);
      const queue = new SqliteEventQueue(db);
      const options = {
        ...DEFAULT_SQLITE_QUEUE_OPTIONS,
        file,
        attempts: 1,
        backoffMs: 10,
        pollMs: 10,
        ipMaxAgeMs: 200,
        ipSweepMs: 50,
      };
      const consumer = new SqliteEventConsumer(db, queue, options, logger);
      await consumer.start(async () => {
        throw new Error('ClickHouse is down');
      });
      await queue.enqueue([batch('swept')]);
      await until(() => !payloadOf(db, 'swept').includes('8.8.8.8'));
      expect(JSON.parse(payloadOf(db, 'swept')).events).toHaveLength(2);
      await consumer.close();
      db.close();
    });

    it('adds the column to a data file from before it', () => {
      const file = join(dir, 'old.db');
      const old = new SqliteQueueDatabase(file);
      old.db.exec('ALTER TABLE analytics_queue DROP COLUMN ips_stripped');
      old.close();
      const reopened = new SqliteQueueDatabase(file);
      const columns = reopened.db.prepare('PRAGMA table_info(analytics_queue)').all() as { name: string }[];
      expect(columns.map((c) => c.name)).toContain('ips_stripped');
      reopened.close();
    });
  });
});
