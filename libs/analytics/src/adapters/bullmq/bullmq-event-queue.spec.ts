import { UnrecoverableError, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { startTestRedis, uniquePrefix, type TestRedis } from '../../../../../infra/test/redis';
import type { EventBatch } from '../../events';
import { sampleEvent } from '../../testing/sample-events';
import { batchesOnly } from '../../testing/jobs';
import {
  BullmqDeadLetters,
  BullmqEventConsumer,
  BullmqEventQueue,
  DEFAULT_BULLMQ_OPTIONS,
  type BullmqOptions,
} from './bullmq-event-queue';

const batch = (id: string, n = 2): EventBatch => ({
  id,
  events: Array.from({ length: n }, () => sampleEvent({ profileId: 'p' })),
});

async function until(check: () => boolean | Promise<boolean>, timeoutMs = 8000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('BullMQ event queue (real Redis)', () => {
  let redis: TestRedis;
  let options: BullmqOptions;
  const closers: Array<() => Promise<void>> = [];
  const logger = { error: jest.fn(), warn: jest.fn(), log: jest.fn() };

  beforeAll(async () => {
    redis = await startTestRedis();
  });
  beforeEach(() => {
    options = {
      ...DEFAULT_BULLMQ_OPTIONS,
      redisUrl: redis.url,
      prefix: uniquePrefix('bullmq'),
      attempts: 3,
      backoffMs: 20,
      keepCompleted: 2,
      keepFailed: 10,
    };
  });
  afterEach(async () => {
    for (const close of closers.splice(0).reverse()) await close();
  });
  afterAll(() => redis.stop());

  function open() {
    const queue = new BullmqEventQueue(options);
    const consumer = new BullmqEventConsumer(options, logger);
    const letters = new BullmqDeadLetters(options);
    closers.push(
      () => queue.close(),
      () => consumer.close(),
      () => letters.close(),
    );
    return { queue, consumer, letters };
  }

  it('adds every batch of a flush in one bulk, processes each once and keeps only a few completed jobs', async () => {
    const { queue, consumer } = open();
    await queue.enqueue([batch('a'), batch('b'), batch('c'), batch('a')]);
    const seen: string[] = [];
    await consumer.start(
      batchesOnly(async (b) => {
        seen.push(b.id);
      }),
    );
    await until(() => seen.length === 3);
    expect(seen.sort()).toEqual(['a', 'b', 'c']);
    await until(async () => (await queue.counts()).completed === 2);
  });

  it('keeps no ip in a completed job', async () => {
    const { queue, consumer } = open();
    const done: string[] = [];
    await consumer.start(batchesOnly(async (b) => void done.push(b.id)));
    await queue.enqueue([batch('with-ip')]);
    await until(async () => (await queue.counts()).completed === 1);
    const raw = JSON.stringify(
      await (
        queue as unknown as { queue: { getJobs(t: string[]): Promise<{ data: unknown }[]> } }
      ).queue.getJobs(['completed']),
    );
    expect(raw).toContain('with-ip');
    expect(raw).not.toContain('8.8.8.8');
  });

  it('retries a failing batch, then keeps it as a dead letter an operator replays', async () => {
    const { queue, consumer, letters } = open();
    let failing = true;
    let tries = 0;
    const done: string[] = [];
    await consumer.start(
      batchesOnly(async (b) => {
        tries += 1;
        if (failing) throw new Error('ClickHouse is down');
        done.push(b.id);
      }),
    );
    await queue.enqueue([batch('doomed')]);
    await until(async () => (await letters.count()) === 1);
    expect(tries).toBe(3);
    expect((await queue.counts()).failed).toBe(1);

    failing = false;
    expect(await letters.replay()).toEqual({ replayed: 1 });
    await until(() => done.length === 1);
    expect(done).toEqual(['doomed']);
    expect(await letters.count()).toBe(0);
  });

  it("tells its depth: waiting, running, retrying and dead jobs, and the oldest waiting job's age", async () => {
    const { queue, consumer } = open();
    expect(await queue.depth()).toEqual({ waiting: 0, active: 0, retrying: 0, dead: 0, oldestAgeSeconds: 0 });
    await queue.enqueue([batch('first')]);
    await new Promise((r) => setTimeout(r, 300));
    await queue.enqueue([batch('second'), batch('third')]);
    const waiting = await queue.depth();
    expect(waiting).toMatchObject({ waiting: 3, active: 0, retrying: 0, dead: 0 });
    // the first one has waited the longest
    expect(waiting.oldestAgeSeconds).toBeGreaterThanOrEqual(0.3);
    expect(waiting.oldestAgeSeconds).toBeLessThan(10);

    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await consumer.start(
      batchesOnly(async (b) => {
        if (b.id === 'doomed') throw new Error('ClickHouse is down');
        await held;
      }),
    );
    await until(async () => (await queue.depth()).active === 2);
    expect(await queue.depth()).toMatchObject({ waiting: 1, active: 2 });
    release();
    await until(async () => (await queue.depth()).waiting + (await queue.depth()).active === 0);

    // a failing batch: retrying between its tries, then a dead letter
    options.backoffMs = 400;
    const slow = new BullmqEventQueue(options);
    closers.push(() => slow.close());
    await slow.enqueue([batch('doomed')]);
    await until(async () => (await slow.depth()).retrying === 1);
    await until(async () => (await slow.depth()).dead === 1, 15_000);
    // the dead letter is written before its job is marked failed: the job is active a moment longer
    await until(async () => (await slow.depth()).active === 0);
    expect(await slow.depth()).toMatchObject({
      waiting: 0,
      active: 0,
      retrying: 0,
      dead: 1,
      oldestAgeSeconds: 0,
    });
  });

  it('logs one line when the store starts failing and one when it stores again, not one per try', async () => {
    logger.warn.mockClear();
    logger.log.mockClear();
    options = { ...options, attempts: 6, backoffMs: 10 };
    const { queue, consumer } = open();
    let tries = 0;
    await consumer.start(
      batchesOnly(async () => {
        tries += 1;
        if (tries <= 4) throw new Error('ClickHouse is down');
      }),
    );
    await queue.enqueue([batch('bumpy')]);
    await until(async () => (await queue.counts()).completed === 1);
    expect(tries).toBe(5);
    const down = logger.warn.mock.calls.filter(([line]) => /analytics store is unavailable/.test(line));
    expect(down).toEqual([
      [
        expect.stringMatching(
          /\(ClickHouse is down\); retrying batches with backoff \(job bumpy: try 1 of 6\)/,
        ),
      ],
    ]);
    expect(logger.log).toHaveBeenCalledWith(
      expect.stringMatching(/the analytics store is back after \d+\.\d s \(4 failed tries\)/),
    );
    // the api's readiness reads how far the consumers are
    const progress = await queue.progress();
    expect(progress.waiting).toBe(0);
    expect(Date.now() - (progress.lastStoredAt ?? 0)).toBeLessThan(10_000);
  });

  it('copies a job that bullmq failed on its own to the dead letters, logged once, and replays it', async () => {
    logger.error.mockClear();
    const { queue, letters } = open();
    await queue.enqueue([batch('failed-elsewhere')]);
    // a bare bullmq worker fails it without the product's handler (as a stall limit or an old worker did)
    const connection = new Redis(options.redisUrl, { maxRetriesPerRequest: null });
    const bare = new Worker(
      options.queueName,
      async () => {
        throw new UnrecoverableError('job stalled more than allowable limit');
      },
      { connection, prefix: options.prefix },
    );
    await until(async () => (await queue.counts()).failed === 1);
    await bare.close();
    connection.disconnect();
    expect(await letters.count()).toBe(0);

    const consumer = new BullmqEventConsumer(options, logger);
    closers.push(() => consumer.close());
    const done: string[] = [];
    await consumer.start(batchesOnly(async (b) => void done.push(b.id)));
    expect(await letters.count()).toBe(1);
    const lines = logger.error.mock.calls.filter(([line]) => line.includes('failed-elsewhere'));
    expect(lines).toEqual([
      [expect.stringMatching(/failed for good, kept as a dead letter .*stalled more than allowable limit/)],
    ]);
    // a second start copies nothing twice
    const again = new BullmqEventConsumer(options, logger);
    await again.start(batchesOnly(async (b) => void done.push(b.id)));
    await again.close();
    expect(await letters.count()).toBe(1);
    expect(logger.error.mock.calls.filter(([line]) => line.includes('failed-elsewhere'))).toHaveLength(1);

    expect(await letters.replay()).toEqual({ replayed: 1 });
    await until(() => done.length === 1);
    expect(done).toEqual(['failed-elsewhere']);
  });

  describe('raw ips of failed batches', () => {
    const DAY = 86_400_000;
    type RawJobs = { getJobs(types: string[]): Promise<{ id?: string; data: unknown }[]> };
    const rawJobs = async (owner: unknown, types: string[]) =>
      JSON.stringify(await (owner as { queue: RawJobs }).queue.getJobs(types));
    const deadJobs = async (letters: BullmqDeadLetters) =>
      JSON.stringify(await (letters as unknown as { dead: RawJobs }).dead.getJobs(['waiting']));

    it('strips them from the failed job at once, and from its dead letter a day after it was queued', async () => {
      options = { ...options, attempts: 1 };
      const { queue, consumer, letters } = open();
      let failing = true;
      const replayed: EventBatch[] = [];
      await consumer.start(
        batchesOnly(async (b) => {
          if (failing) throw new Error('ClickHouse is down');
          replayed.push(b);
        }),
      );
      await queue.enqueue([batch('dead-with-ips', 3)]);
      await until(async () => (await letters.count()) === 1);
      await until(async () => (await queue.counts()).failed === 1);
      // the failed job is never replayed, so it keeps nothing
      const failed = await rawJobs(queue, ['failed']);
      expect(failed).toContain('dead-with-ips');
      expect(failed).not.toContain('8.8.8.8');
      // the dead letter keeps them the same day, so that a replay still finds the countries
      expect(await consumer.stripStaleIps(new Date(Date.now() + DAY - 60_000))).toBe(0);
      expect(await deadJobs(letters)).toContain('"ip":"8.8.8.8"');
      // a day on: gone, once
      expect(await consumer.stripStaleIps(new Date(Date.now() + DAY))).toBe(1);
      expect(await consumer.stripStaleIps(new Date(Date.now() + 2 * DAY))).toBe(0);
      const dead = await deadJobs(letters);
      expect(dead).toContain('dead-with-ips');
      expect(dead).not.toContain('8.8.8.8');

      failing = false;
      expect(await letters.replay()).toEqual({ replayed: 1 });
      await until(() => replayed.length === 1);
      expect(replayed[0].id).toBe('dead-with-ips');
      expect(replayed[0].events.map((e) => e.ip)).toEqual([null, null, null]);
    });

    it('strips them from a batch waiting for its next try', async () => {
      // a long backoff: the job waits (delayed) for its second try
      options = { ...options, attempts: 5, backoffMs: 60_000 };
      const { queue, consumer } = open();
      let calls = 0;
      await consumer.start(async () => {
        calls += 1;
        throw new Error('ClickHouse is down');
      });
      await queue.enqueue([batch('retrying')]);
      await until(async () => calls === 1 && (await queue.counts()).delayed === 1);
      expect(await rawJobs(queue, ['delayed'])).toContain('8.8.8.8');
      expect(await consumer.stripStaleIps(new Date(Date.now() + DAY))).toBe(1);
      const delayed = await rawJobs(queue, ['delayed']);
      expect(delayed).toContain('retrying');
      expect(delayed).not.toContain('8.8.8.8');
    });

    it('sweeps on its own, every ipSweepMs', async () => {
      options = { ...options, attempts: 1, ipMaxAgeMs: 200, ipSweepMs: 50 };
      const { queue, consumer, letters } = open();
      await consumer.start(async () => {
        throw new Error('ClickHouse is down');
      });
      await queue.enqueue([batch('swept')]);
      await until(async () => (await letters.count()) === 1);
      await until(async () => !(await deadJobs(letters)).includes('8.8.8.8'));
      expect(await deadJobs(letters)).toContain('swept');
    });
  });
});
