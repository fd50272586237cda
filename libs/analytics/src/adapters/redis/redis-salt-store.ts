import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import type { SaltStore } from '../../ports';

/**
 * daily salts in redis, shared by every api and worker replica. a salt is created with SET NX (the
 * first process wins, all read the same) and expires after two days: today's and yesterday's remain.
 */
export class RedisSaltStore implements SaltStore {
  private readonly redis: Redis;
  private readonly cache = new Map<string, Buffer>();

  constructor(
    redisUrl: string,
    private readonly prefix: string,
  ) {
    this.redis = new Redis(redisUrl, { maxRetriesPerRequest: 2 });
  }

  async saltFor(day: string): Promise<Buffer> {
    const cached = this.cache.get(day);
    if (cached) return cached;
    const key = `${this.prefix}:analytics:salt:${day}`;
    const candidate = randomBytes(32).toString('base64');
    // expiry counted from the day's start: two days after that, the day before yesterday is gone
    const expireAt = Math.floor(Date.parse(`${day}T00:00:00Z`) / 1000) + 2 * 86_400;
    await this.redis.set(key, candidate, 'EXAT', expireAt, 'NX');
    const stored = await this.redis.get(key);
    if (!stored) throw new Error(`the salt of ${day} could not be read back`);
    const salt = Buffer.from(stored, 'base64');
    this.cache.set(day, salt);
    if (this.cache.size > 2) this.cache.delete(this.cache.keys().next().value as string);
    return salt;
  }

  async close(): Promise<void> {
    this.redis.disconnect();
  }
}
