import { startTestRedis, uniquePrefix, type TestRedis } from '../../../../../infra/test/redis';
import type { EventBatch } from '../../events';
import { sampleEvent } from '../../testing/sample-events';
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
  const logger = { error: jest.fn() };

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
    await consumer.start(async (name, b) => {
      expect(name).toBe('analytics.ingest-batch');
      seen.push(b.id);
    });
    await until(() => seen.length === 3);
    expect(seen.sort()).toEqual(['a', 'b', 'c']);
    await until(async () => (await queue.counts()).completed === 2);
  });

  it('keeps no ip in a completed job', async () => {
    const { queue, consumer } = open();
    const done: string[] = [];
    await consumer.start(async (_name, b) => void done.push(b.id));
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
    await consumer.start(async (_name, b) => {
      tries += 1;
      if (failing) throw new Error('ClickHouse is down');
      done.push(b.id);
    });
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
});
