import { startTestRedis, uniquePrefix, type TestRedis } from '../../../../../infra/test/redis';
import { BullmqWebhookWakeups } from './bullmq-webhook-wakeups';

describe('the cluster’s webhook wake-ups (BullMQ on redis)', () => {
  let redis: TestRedis;
  beforeAll(async () => {
    redis = await startTestRedis();
  });
  afterAll(async () => {
    await redis?.stop();
  });

  it('wakes one of two replicas once for the wake-ups asked within a second', async () => {
    const prefix = uniquePrefix('webhook-wakeups');
    const errors: Error[] = [];
    const a = new BullmqWebhookWakeups(redis.url, prefix, (error) => errors.push(error));
    const b = new BullmqWebhookWakeups(redis.url, prefix, (error) => errors.push(error));
    const woken: string[] = [];
    let done!: () => void;
    const first = new Promise<void>((resolve) => (done = resolve));
    await a.start(() => {
      woken.push('a');
      done();
    });
    await b.start(() => {
      woken.push('b');
      done();
    });
    try {
      // a second that has not begun: every wake-up in it is one job
      const at = new Date(Math.ceil(Date.now() / 1000) * 1000 + 1000);
      await a.schedule(at);
      await b.schedule(new Date(at.getTime() - 1));
      await a.schedule(new Date(at.getTime() - 500));
      await first;
      // a wake-up asked after it ran is a new job
      const later = new Promise<void>((resolve) => (done = resolve));
      await b.schedule(new Date());
      await later;
      expect(woken).toHaveLength(2);
      expect(errors).toEqual([]);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
