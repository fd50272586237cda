import { Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import type { WebhookWakeups } from '../webhook-wakeups';

/** wake-ups in the same second are one job (its id), so a burst of deliveries adds one */
const jobIdOf = (at: Date) => `wake-${Math.ceil(at.getTime() / 1000)}`;

/**
 * the cluster's wake-ups: a delayed job per due time in a BullMQ queue every replica works, so a retry
 * due in five hours wakes whichever replica is up then. the jobs carry nothing: the store says what is due.
 */
export class BullmqWebhookWakeups implements WebhookWakeups {
  private readonly commands: Redis;
  private readonly queue: Queue;
  private worker: Worker | null = null;
  private workerConnection: Redis | null = null;

  constructor(
    private readonly redisUrl: string,
    private readonly prefix: string,
    /** an 'error' nobody listens to would end the process */
    private readonly onError: (error: Error) => void,
    private readonly queueName = 'webhook-wakeups',
  ) {
    this.commands = new Redis(redisUrl, { maxRetriesPerRequest: 2, enableOfflineQueue: true });
    this.commands.on('error', onError);
    this.queue = new Queue(queueName, { connection: this.commands, prefix });
    this.queue.on('error', onError);
  }

  async start(wake: () => void): Promise<void> {
    this.workerConnection = new Redis(this.redisUrl, {
      maxRetriesPerRequest: null,
      enableOfflineQueue: true,
    });
    this.workerConnection.on('error', this.onError);
    this.worker = new Worker(
      this.queueName,
      async () => {
        wake();
      },
      { connection: this.workerConnection, prefix: this.prefix, concurrency: 1 },
    );
    this.worker.on('error', this.onError);
  }

  async schedule(at: Date): Promise<void> {
    await this.queue.add(
      'wake',
      {},
      {
        jobId: jobIdOf(at),
        delay: Math.max(0, at.getTime() - Date.now()),
        removeOnComplete: true,
        removeOnFail: true,
      },
    );
  }

  async close(): Promise<void> {
    await this.worker?.close();
    await this.queue.close();
    this.workerConnection?.disconnect();
    this.commands.disconnect();
  }
}
