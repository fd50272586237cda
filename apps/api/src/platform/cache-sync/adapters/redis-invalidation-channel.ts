import { Redis } from 'ioredis';

export interface InvalidationMessage {
  /** the replica that sent it; a replica ignores its own */
  origin: string;
  handle: string;
}

/** a redis pub/sub channel; subscribing needs a connection of its own */
export class RedisInvalidationChannel {
  private readonly publisher: Redis;
  private readonly subscriber: Redis;

  constructor(
    redisUrl: string,
    private readonly channel: string,
  ) {
    this.publisher = new Redis(redisUrl, { maxRetriesPerRequest: 2 });
    this.subscriber = new Redis(redisUrl, { maxRetriesPerRequest: null });
  }

  async subscribe(onMessage: (message: InvalidationMessage) => void): Promise<void> {
    this.subscriber.on('message', (channel: string, payload: string) => {
      if (channel !== this.channel) return;
      try {
        const message = JSON.parse(payload) as Partial<InvalidationMessage>;
        if (typeof message.origin === 'string' && typeof message.handle === 'string') {
          onMessage({ origin: message.origin, handle: message.handle });
        }
      } catch {
        // not ours: ignore
      }
    });
    await this.subscriber.subscribe(this.channel);
  }

  async publish(message: InvalidationMessage): Promise<void> {
    await this.publisher.publish(this.channel, JSON.stringify(message));
  }

  async close(): Promise<void> {
    this.subscriber.disconnect();
    this.publisher.disconnect();
  }
}
