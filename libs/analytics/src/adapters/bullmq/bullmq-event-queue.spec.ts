import { UnrecoverableError, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { startTestRedis, uniquePrefix, type TestRedis } from '../../../../../infra/test/redis';
import { batchesOnly } from '../../testing/jobs';
import { queuedBatch as batch, until } from '../../testing/queues';
import { describeEventQueueContract } from '../event-queue.contract';
import {
  BullmqDeadLetters,
  BullmqEventConsumer,
  BullmqEventQueue,
  DEFAULT_BULLMQ_OPTIONS,
  type BullmqOptions,
} from '.';
import { BullmqQueues } from './bullmq-queues';

const DAY = 86_400_000;
const logger = { error: jest.fn(), warn: jest.fn(), log: jest.fn() };

let redis: TestRedis;
/** the case's options: its own key prefix, so no case sees another's jobs */
let options: BullmqOptions;
const closers: Array<() => Promise<void>> = [];
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

/** the producer, a consumer and the dead letters on the case's prefix, closed after the case */
function open(patch: Partial<BullmqOptions> = {}) {
  const opened = { ...options, ...patch };
  const queue = new BullmqEventQueue(opened);
  const consumer = new BullmqEventConsumer(opened, logger);
  const letters = new BullmqDeadLetters(opened);
  closers.push(
    () => queue.close(),
    () => consumer.close(),
    () => letters.close(),
  );
  return { queue, consumer, letters };
}

/** the jobs of a state as bullmq keeps them, for what no port tells (the ips left in them) */
async function rawJobs(which: 'main' | 'dead', state: 'completed' | 'failed' | 'delayed' | 'waiting') {
  const queues = new BullmqQueues(options, () => undefined);
  try {
    return JSON.stringify(await queues[which].getJobs([state]));
  } finally {
    await queues.close();
  }
}

describeEventQueueContract('bullmq', async (settings) => {
  const { queue, consumer, letters } = open(settings);
  return { queue, consumer, letters, stripStaleIps: (now) => consumer.stripStaleIps(now) };
});

describe('BullMQ event queue (real Redis)', () => {
  it('adds every batch of a flush in one bulk, and keeps only a few completed jobs', async () => {
    const { queue, consumer } = open();
    await queue.enqueue([batch('a'), batch('b'), batch('c')]);
    const seen: string[] = [];
    await consumer.start(batchesOnly(async (b) => void seen.push(b.id)));
    await until(() => seen.length === 3);
    expect(seen.sort()).toEqual(['a', 'b', 'c']);
    await until(async () => (await queue.counts()).completed === 2);
  });

  it('keeps no ip in a completed job', async () => {
    const { queue, consumer } = open();
    await consumer.start(batchesOnly(async () => undefined));
    await queue.enqueue([batch('with-ip')]);
    await until(async () => (await queue.counts()).completed === 1);
    const completed = await rawJobs('main', 'completed');
    expect(completed).toContain('with-ip');
    expect(completed).not.toContain('8.8.8.8');
  });

  it('counts the jobs in hand as active, as many as its concurrency', async () => {
    const { queue, consumer } = open();
    await queue.enqueue([batch('first'), batch('second'), batch('third')]);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await consumer.start(batchesOnly(() => held));
    await until(async () => (await queue.depth()).active === 2);
    expect(await queue.depth()).toMatchObject({ waiting: 1, active: 2 });
    release();
    await until(async () => {
      const depth = await queue.depth();
      return depth.waiting + depth.active === 0;
    });
  });

  it('logs one line when the store starts failing and one when it stores again, not one per try', async () => {
    logger.warn.mockClear();
    logger.log.mockClear();
    const { queue, consumer } = open({ attempts: 6, backoffMs: 10 });
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

    const { consumer } = open();
    const done: string[] = [];
    await consumer.start(batchesOnly(async (b) => void done.push(b.id)));
    expect(await letters.count()).toBe(1);
    const lines = logger.error.mock.calls.filter(([line]) => line.includes('failed-elsewhere'));
    expect(lines).toEqual([
      [expect.stringMatching(/failed for good, kept as a dead letter .*stalled more than allowable limit/)],
    ]);
    // a second start copies nothing twice
    const again = open().consumer;
    await again.start(batchesOnly(async (b) => void done.push(b.id)));
    await again.close();
    expect(await letters.count()).toBe(1);
    expect(logger.error.mock.calls.filter(([line]) => line.includes('failed-elsewhere'))).toHaveLength(1);

    expect(await letters.replay()).toEqual({ replayed: 1 });
    await until(() => done.length === 1);
    expect(done).toEqual(['failed-elsewhere']);
  });

  describe('raw ips of failed batches', () => {
    it('strips them from the failed job at once: only its dead letter is replayed', async () => {
      const { queue, consumer, letters } = open({ attempts: 1 });
      await consumer.start(async () => {
        throw new Error('ClickHouse is down');
      });
      await queue.enqueue([batch('dead-with-ips', 3)]);
      await until(async () => (await queue.counts()).failed === 1);
      expect(await letters.count()).toBe(1);
      const failed = await rawJobs('main', 'failed');
      expect(failed).toContain('dead-with-ips');
      expect(failed).not.toContain('8.8.8.8');
      expect(await rawJobs('dead', 'waiting')).toContain('"ip":"8.8.8.8"');
    });

    it('strips them from a batch waiting for its next try', async () => {
      // a long backoff: the job waits (delayed) for its second try
      const { queue, consumer } = open({ attempts: 5, backoffMs: 60_000 });
      let calls = 0;
      await consumer.start(async () => {
        calls += 1;
        throw new Error('ClickHouse is down');
      });
      await queue.enqueue([batch('retrying')]);
      await until(async () => calls === 1 && (await queue.counts()).delayed === 1);
      expect(await rawJobs('main', 'delayed')).toContain('8.8.8.8');
      expect(await consumer.stripStaleIps(new Date(Date.now() + DAY))).toBe(1);
      const delayed = await rawJobs('main', 'delayed');
      expect(delayed).toContain('retrying');
      expect(delayed).not.toContain('8.8.8.8');
    });

    it('sweeps on its own, every ipSweepMs', async () => {
      const { queue, consumer, letters } = open({ attempts: 1, ipMaxAgeMs: 200, ipSweepMs: 50 });
      await consumer.start(async () => {
        throw new Error('ClickHouse is down');
      });
      await queue.enqueue([batch('swept')]);
      await until(async () => (await letters.count()) === 1);
      await until(async () => !(await rawJobs('dead', 'waiting')).includes('8.8.8.8'));
      expect(await rawJobs('dead', 'waiting')).toContain('swept');
    });
  });
});
