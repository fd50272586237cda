import { ThrottlerStorageService } from '@nestjs/throttler';
import { startTestRedis, uniquePrefix, type TestRedis } from '../../../../../../infra/test/redis';
import { FailoverThrottlerStorage } from '../failover-throttler-storage';
import { RedisThrottlerStorage } from './redis-throttler-storage';

describe('RedisThrottlerStorage', () => {
  let redis: TestRedis;
  const opened: RedisThrottlerStorage[] = [];
  const storage = async (url: string, prefix: string) => {
    const created = new RedisThrottlerStorage(url, prefix);
    opened.push(created);
    await created.ready(5000);
    return created;
  };

  beforeAll(async () => {
    redis = await startTestRedis();
  });
  afterAll(async () => {
    await Promise.all(opened.map((created) => created.close()));
    await redis?.stop();
  });

  it('counts up to the limit, then blocks for the block duration and starts afresh after it', async () => {
    const store = await storage(redis.url, `${uniquePrefix('throttle')}:`);
    const hit = () => store.increment('sign-in:address:203.0.113.1', 60_000, 2, 1_000, 'signIn');
    expect(await hit()).toMatchObject({ totalHits: 1, isBlocked: false, timeToBlockExpire: 0 });
    expect(await hit()).toMatchObject({ totalHits: 2, isBlocked: false, timeToBlockExpire: 0 });
    expect(await hit()).toMatchObject({ totalHits: 3, isBlocked: true, timeToBlockExpire: 1 });
    expect(await hit()).toMatchObject({ isBlocked: true, timeToBlockExpire: 1 });

    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(await hit()).toMatchObject({ totalHits: 1, isBlocked: false });
  });

  it('lets two replicas spend one budget, and keeps other keys and prefixes apart', async () => {
    const prefix = `${uniquePrefix('throttle')}:`;
    const [a, b] = [await storage(redis.url, prefix), await storage(redis.url, prefix)];
    const key = 'messages:address:2001:db8::/64';
    await a.increment(key, 60_000, 3, 60_000, 'messages');
    await b.increment(key, 60_000, 3, 60_000, 'messages');
    expect(await a.increment(key, 60_000, 3, 60_000, 'messages')).toMatchObject({ totalHits: 3 });
    const spent = await b.increment(key, 60_000, 3, 60_000, 'messages');
    expect(spent.isBlocked).toBe(true);
    expect(spent.timeToBlockExpire).toBe(60);

    expect(await a.increment('messages:address:198.51.100.1', 60_000, 3, 60_000, 'messages')).toMatchObject({
      totalHits: 1,
    });
    const elsewhere = await storage(redis.url, `${uniquePrefix('throttle')}:`);
    expect(await elsewhere.increment(key, 60_000, 3, 60_000, 'messages')).toMatchObject({ totalHits: 1 });
  });

  it('counts concurrent hits exactly once each', async () => {
    const store = await storage(redis.url, `${uniquePrefix('throttle')}:`);
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        store.increment('events:address:192.0.2.1', 60_000, 30, 60_000, 'events'),
      ),
    );
    expect(results.filter((result) => !result.isBlocked)).toHaveLength(30);
    expect(
      results
        .map((result) => result.totalHits)
        .filter((hits) => hits <= 30)
        .sort((x, y) => x - y),
    ).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
  });

  it('falls back on counting in memory while redis cannot answer', async () => {
    const away = await storage(redis.url, `${uniquePrefix('throttle')}:`);
    await away.close();
    const failures: Error[] = [];
    const store = new FailoverThrottlerStorage(away, new ThrottlerStorageService(), (error) =>
      failures.push(error),
    );
    const hit = () => store.increment('sign-up:address:203.0.113.9', 60_000, 1, 60_000, 'signUp');
    expect(await hit()).toMatchObject({ totalHits: 1, isBlocked: false });
    expect(await hit()).toMatchObject({ isBlocked: true });
    expect(failures.length).toBe(2);
  });
});
