import type { ThrottlerStorage } from '@nestjs/throttler';
import { Redis } from 'ioredis';

/** what one count answers (the package does not export the type by name) */
type ThrottlerStorageRecord = Awaited<ReturnType<ThrottlerStorage['increment']>>;

/**
 * one window of hits per key and, once the limit is passed, a block for blockDuration. the hits are
 * dropped when the block starts, so counting starts afresh after it. runs as one script: every replica
 * increments the same counters without races.
 * KEYS: hits, block. ARGV: window ms, limit, block ms.
 * returns: hits, ms until the window ends, blocked (0/1), ms until the block ends.
 */
const INCREMENT = `
local windowMs = tonumber(ARGV[1])
local limit = tonumber(ARGV[2])
local blockMs = tonumber(ARGV[3])
local blockLeft = redis.call('PTTL', KEYS[2])
if blockLeft > 0 then
  return { limit + 1, blockLeft, 1, blockLeft }
end
local hits = redis.call('INCR', KEYS[1])
local windowLeft = redis.call('PTTL', KEYS[1])
if windowLeft < 0 then
  redis.call('PEXPIRE', KEYS[1], windowMs)
  windowLeft = windowMs
end
if hits <= limit then
  return { hits, windowLeft, 0, 0 }
end
if blockMs > 0 then
  redis.call('SET', KEYS[2], '1', 'PX', blockMs)
  redis.call('DEL', KEYS[1])
  return { hits, blockMs, 1, blockMs }
end
return { hits, windowLeft, 1, windowLeft }
`;

/** rate-limit counters in redis, so that every api replica spends the same budget */
export class RedisThrottlerStorage implements ThrottlerStorage {
  private readonly redis: Redis;

  constructor(
    redisUrl: string,
    private readonly keyPrefix: string,
  ) {
    // a request must not wait on a redis that is away: fail at once and let the caller fall back
    this.redis = new Redis(redisUrl, {
      maxRetriesPerRequest: 1,
      enableOfflineQueue: false,
      commandTimeout: 1000,
    });
    // reconnecting is ioredis's job; without a listener an error event would crash the process
    this.redis.on('error', () => {});
  }

  /** resolves once connected, or after timeoutMs (then the caller's fallback counts until redis is back) */
  ready(timeoutMs: number): Promise<boolean> {
    if (this.redis.status === 'ready') return Promise.resolve(true);
    return new Promise((resolve) => {
      const done = (connected: boolean) => {
        clearTimeout(timer);
        this.redis.off('ready', onReady);
        resolve(connected);
      };
      const onReady = () => done(true);
      const timer = setTimeout(() => done(false), timeoutMs);
      this.redis.once('ready', onReady);
    });
  }

  async increment(
    key: string,
    ttl: number,
    limit: number,
    blockDuration: number,
    _throttlerName: string,
  ): Promise<ThrottlerStorageRecord> {
    // the braces keep both keys of one counter in one slot of a redis cluster
    const base = `${this.keyPrefix}{${key}}`;
    const reply = (await this.redis.eval(
      INCREMENT,
      2,
      `${base}:hits`,
      `${base}:block`,
      ttl,
      limit,
      blockDuration,
    )) as [number, number, number, number];
    const [totalHits, windowLeftMs, blocked, blockLeftMs] = reply;
    return {
      totalHits,
      timeToExpire: Math.ceil(windowLeftMs / 1000),
      isBlocked: blocked === 1,
      timeToBlockExpire: Math.ceil(blockLeftMs / 1000),
    };
  }

  async close(): Promise<void> {
    if (this.redis.status === 'end') return;
    // a connection that is not up has nothing to flush: stop its reconnecting at once
    if (this.redis.status !== 'ready') {
      this.redis.disconnect();
      return;
    }
    try {
      await this.redis.quit();
    } catch {
      this.redis.disconnect();
    }
  }
}
