import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import type { BullmqOptions } from './bullmq-options';

/**
 * a connection for commands: they wait out a short reconnect (offline queue) but give up after a few
 * retries, so a producer's add fails and its bounded buffer counts the loss
 */
export function connectForCommands(url: string): Redis {
  return new Redis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: true });
}

/** a worker's blocking connection: it retries for ever */
export function connectForWorker(url: string): Redis {
  return new Redis(url, { maxRetriesPerRequest: null, enableOfflineQueue: true });
}

/**
 * the analytics queue and its dead-letter queue (`${queueName}-dead`) over one command connection,
 * as the producer, the dead letters and the consumer each open them
 */
export class BullmqQueues {
  readonly connection: Redis;
  readonly main: Queue;
  readonly dead: Queue;

  constructor(
    options: BullmqOptions,
    /** an 'error' nobody listens to would end the process */
    onError: (err: Error) => void,
  ) {
    this.connection = connectForCommands(options.redisUrl);
    this.main = new Queue(options.queueName, { connection: this.connection, prefix: options.prefix });
    this.dead = new Queue(`${options.queueName}-dead`, {
      connection: this.connection,
      prefix: options.prefix,
    });
    this.main.on('error', onError);
    this.dead.on('error', onError);
  }

  async close(): Promise<void> {
    await this.main.close();
    await this.dead.close();
    this.connection.disconnect();
  }
}
