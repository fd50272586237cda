import { IP_MAX_AGE_MS, type EventBatch } from '../events';
import type { AnalyticsJob, ProfileErasure } from '../jobs';
import type { DeadLetters, EventConsumer, EventQueue } from '../ports';
import { queuedBatch, sleep, until } from '../testing/queues';

/** what a case sets on the adapter: the tries before a dead letter, and the first retry's wait */
export interface QueueSettings {
  attempts: number;
  backoffMs: number;
}

/** one adapter's producer, consumer and dead letters, over one backing store new to the case */
export interface QueueUnderTest {
  queue: EventQueue;
  consumer: EventConsumer;
  letters: DeadLetters;
  /** the consumer's sweep of the raw ips of failed batches, as if it ran at `now`; how many had some */
  stripStaleIps(now: Date): Promise<number>;
  /** whatever else the adapter opened, closed after the three above */
  close?(): Promise<void>;
}

export type MakeQueue = (settings: QueueSettings) => Promise<QueueUnderTest>;

const FAST: QueueSettings = { attempts: 3, backoffMs: 10 };

/** what the consumer handed over, job by job */
class Received {
  readonly batches: EventBatch[] = [];
  readonly erasures: ProfileErasure[] = [];

  /** a handler that notes each job and then runs `then` (which may throw, to fail the try) */
  handler(then: (job: AnalyticsJob) => Promise<void> | void = () => undefined) {
    return async (job: AnalyticsJob): Promise<void> => {
      if (job.name === 'analytics.ingest-batch') this.batches.push(job.payload);
      else this.erasures.push(job.payload);
      await then(job);
    };
  }

  eventIds(): string[] {
    return this.batches.flatMap((batch) => batch.events.map((event) => event.id)).sort();
  }
}

const idsOf = (batches: EventBatch[]) => batches.flatMap((b) => b.events.map((e) => e.id)).sort();

/**
 * the event queue's ports (EventQueue, EventConsumer, DeadLetters), run against each adapter: what
 * the api and the worker may count on whichever queue the deployment has. what only one adapter
 * does (the embedded consumer's groups, bullmq's stalls) stays in its own spec.
 */
export function describeEventQueueContract(name: string, makeQueue: MakeQueue): void {
  describe(`event queue contract: ${name}`, () => {
    const opened: QueueUnderTest[] = [];
    const open = async (settings: Partial<QueueSettings> = {}) => {
      const underTest = await makeQueue({ ...FAST, ...settings });
      opened.push(underTest);
      return underTest;
    };

    afterEach(async () => {
      for (const { queue, consumer, letters, close } of opened.splice(0)) {
        await consumer.close();
        await letters.close();
        await queue.close();
        await close?.();
      }
    });

    it('hands every queued event over once; a batch added twice is one job', async () => {
      const { queue, consumer } = await open();
      const a = queuedBatch('a', 2);
      const b = queuedBatch('b', 3);
      await queue.enqueue([a, b, a]);
      const received = new Received();
      await consumer.start(received.handler());
      await until(async () => received.eventIds().length >= 5 && (await queue.progress()).waiting === 0);
      await sleep(100);
      expect(received.eventIds()).toEqual(idsOf([a, b]));
      // a queue may hand batches over together, under an id of its own: it then names the first one
      for (const batch of received.batches) expect(['a', 'b']).toContain(batch.firstBatchId ?? batch.id);
    });

    it('hands an erase over once, however often it was asked for while it waited', async () => {
      const { queue, consumer } = await open();
      await queue.enqueueErase({ profileId: 'gone' });
      await queue.enqueueErase({ profileId: 'gone' });
      const received = new Received();
      await consumer.start(received.handler());
      await until(async () => received.erasures.length === 1 && (await queue.progress()).waiting === 0);
      await sleep(100);
      expect(received.erasures).toEqual([{ profileId: 'gone' }]);
      expect(received.batches).toEqual([]);
    });

    it('answers a ping', async () => {
      const { queue } = await open();
      await expect(queue.ping()).resolves.toBeUndefined();
    });

    it("tells its depth: the waiting batches and the oldest one's age", async () => {
      const { queue } = await open();
      expect(await queue.depth()).toEqual({
        waiting: 0,
        active: 0,
        retrying: 0,
        dead: 0,
        oldestAgeSeconds: 0,
      });
      const beforeFirst = Date.now();
      await queue.enqueue([queuedBatch('first')]);
      const afterFirst = Date.now();
      // Timers run on the monotonic clock and may fire a millisecond early against
      // Date.now(), which the queues stamp with: wait on the queues' own clock.
      while (Date.now() - afterFirst < 200) await sleep(200 - (Date.now() - afterFirst));
      await queue.enqueue([queuedBatch('second')]);
      const depth = await queue.depth();
      const ceilingSeconds = (Date.now() - beforeFirst) / 1000;
      expect(depth).toMatchObject({ waiting: 2, active: 0, retrying: 0, dead: 0 });
      expect(depth.oldestAgeSeconds).toBeGreaterThanOrEqual(0.2);
      expect(depth.oldestAgeSeconds).toBeLessThanOrEqual(ceilingSeconds);
    });

    it('tells its depth: a failing batch retrying between its tries, then dead', async () => {
      const { queue, consumer } = await open({ attempts: 2, backoffMs: 400 });
      await consumer.start(async () => {
        throw new Error('ClickHouse is down');
      });
      await queue.enqueue([queuedBatch('doomed')]);
      await until(async () => (await queue.depth()).retrying === 1);
      expect(await queue.depth()).toMatchObject({ waiting: 0, dead: 0, oldestAgeSeconds: 0 });
      // a queue may write the dead letter before it lets go of the job: it is active a moment longer
      await until(async () => {
        const depth = await queue.depth();
        return depth.dead === 1 && depth.active === 0;
      });
      expect(await queue.depth()).toEqual({
        waiting: 0,
        active: 0,
        retrying: 0,
        dead: 1,
        oldestAgeSeconds: 0,
      });
    });

    it('tells its progress: what is not done yet, and when a batch was last stored', async () => {
      const { queue, consumer } = await open();
      expect(await queue.progress()).toEqual({ waiting: 0, lastStoredAt: null });
      await queue.enqueue([queuedBatch('p1')]);
      expect(await queue.progress()).toEqual({ waiting: 1, lastStoredAt: null });
      const started = Date.now();
      await consumer.start(new Received().handler());
      await until(async () => (await queue.progress()).lastStoredAt !== null);
      await until(async () => (await queue.progress()).waiting === 0);
      const { lastStoredAt } = await queue.progress();
      expect(lastStoredAt).toBeGreaterThanOrEqual(started);
      expect(lastStoredAt).toBeLessThanOrEqual(Date.now());
    });

    it('retries a failing batch with a growing backoff, keeps it as a dead letter, and replays it', async () => {
      const { queue, consumer, letters } = await open({ attempts: 3, backoffMs: 10 });
      expect(await letters.replay()).toEqual({ replayed: 0 });
      const tries: number[] = [];
      let failing = true;
      const received = new Received();
      await consumer.start(
        received.handler(() => {
          tries.push(Date.now());
          if (failing) throw new Error('ClickHouse is down');
        }),
      );
      await queue.enqueue([queuedBatch('doomed')]);
      await until(async () => (await letters.count()) === 1);
      expect(tries).toHaveLength(3);
      // at least 10 ms, then at least 20 ms; each wait may come out longer on a busy machine
      expect(tries[1] - tries[0]).toBeGreaterThanOrEqual(10);
      expect(tries[2] - tries[1]).toBeGreaterThanOrEqual(20);

      failing = false;
      expect(await letters.replay()).toEqual({ replayed: 1 });
      await until(() => tries.length === 4);
      expect(received.batches.map((batch) => batch.id)).toEqual(['doomed', 'doomed', 'doomed', 'doomed']);
      await until(async () => (await queue.progress()).waiting === 0);
      expect(await letters.count()).toBe(0);
    });

    it("keeps a dead letter's raw ips the day its batch was queued, then strips them once; a replay goes without", async () => {
      const { queue, consumer, letters, stripStaleIps } = await open({ attempts: 1 });
      let failing = true;
      const received = new Received();
      await consumer.start(
        received.handler(() => {
          if (failing) throw new Error('ClickHouse is down');
        }),
      );
      const batch = queuedBatch('dead-with-ips', 3);
      await queue.enqueue([batch]);
      await until(async () => (await letters.count()) === 1);
      // the same day: kept, so that a replay still finds the countries
      expect(await stripStaleIps(new Date(Date.now() + IP_MAX_AGE_MS - 60_000))).toBe(0);
      expect(await stripStaleIps(new Date(Date.now() + IP_MAX_AGE_MS))).toBe(1);
      expect(await stripStaleIps(new Date(Date.now() + 2 * IP_MAX_AGE_MS))).toBe(0);

      failing = false;
      await letters.replay();
      await until(() => received.batches.length === 2);
      const replayed = received.batches[1];
      expect(replayed.id).toBe('dead-with-ips');
      expect(replayed.events.map((event) => event.ip)).toEqual([null, null, null]);
      expect(replayed.events.map(({ ip: _, ...rest }) => rest)).toEqual(
        batch.events.map(({ ip: _, ...rest }) => rest),
      );
    });

    it('finishes the job in hand on close, then takes no more', async () => {
      const { queue, consumer } = await open();
      let release = () => undefined as void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      const received = new Received();
      await consumer.start(received.handler(() => gate));
      await queue.enqueue([queuedBatch('in-hand')]);
      await until(() => received.batches.length === 1);
      let closed = false;
      const closing = consumer.close().then(() => (closed = true));
      await sleep(100);
      expect(closed).toBe(false);
      release();
      await closing;
      expect(await queue.progress()).toMatchObject({ waiting: 0 });
      await queue.enqueue([queuedBatch('after-close')]);
      await sleep(200);
      expect(received.batches.map((batch) => batch.id)).toEqual(['in-hand']);
      expect(await queue.progress()).toMatchObject({ waiting: 1 });
    });
  });
}
