import { Queue, Worker, type Job, type JobsOptions } from 'bullmq';
import { Redis } from 'ioredis';
import { parseEventBatch, type EventBatch } from '../../events';
import { ANALYTICS_JOB_NAMES, type AnalyticsJobName } from '../../jobs';
import type { DeadLetterReport, DeadLetters, EventConsumer, EventQueue } from '../../ports';

export interface BullmqOptions {
  redisUrl: string;
  /** the queue's name; the dead letters live in `${queueName}-dead` */
  queueName: string;
  /** redis key prefix (bullmq's `prefix`) */
  prefix: string;
  attempts: number;
  /** first retry after this long, doubling each time */
  backoffMs: number;
  keepCompleted: number;
  keepFailed: number;
  concurrency: number;
  /** how long a worker holds a job before another may take it back (after a crash) */
  lockDurationMs: number;
  stalledIntervalMs: number;
}

export const DEFAULT_BULLMQ_OPTIONS: Omit<BullmqOptions, 'redisUrl'> = {
  queueName: 'analytics-events',
  prefix: 'cardcraft',
  attempts: 8,
  backoffMs: 1000,
  keepCompleted: 1000,
  keepFailed: 5000,
  concurrency: 2,
  lockDurationMs: 30_000,
  stalledIntervalMs: 30_000,
};

const INGEST: AnalyticsJobName = 'analytics.ingest-batch';

function jobOptions(options: BullmqOptions, jobId: string): JobsOptions {
  return {
    jobId,
    attempts: options.attempts,
    backoff: { type: 'exponential', delay: options.backoffMs },
    removeOnComplete: { count: options.keepCompleted },
    removeOnFail: { count: options.keepFailed },
  };
}

function connect(url: string, blocking: boolean): Redis {
  // a worker's blocking connection must retry forever; a producer's commands wait out a short
  // reconnect (offline queue) but give up after a few retries, and the bounded buffer counts the loss
  return new Redis(url, { maxRetriesPerRequest: blocking ? null : 2, enableOfflineQueue: true });
}

/** producer: every batch of a flush in one addBulk */
export class BullmqEventQueue implements EventQueue {
  private readonly connection: Redis;
  private readonly queue: Queue;

  constructor(private readonly options: BullmqOptions) {
    this.connection = connect(options.redisUrl, false);
    this.queue = new Queue(options.queueName, { connection: this.connection, prefix: options.prefix });
  }

  async enqueue(batches: EventBatch[]): Promise<void> {
    if (batches.length === 0) return;
    // the batch id is the job id: a batch added twice is one job
    await this.queue.addBulk(
      batches.map((batch) => ({ name: INGEST, data: batch, opts: jobOptions(this.options, batch.id) })),
    );
  }

  async ping(): Promise<void> {
    await this.connection.ping();
  }

  async counts(): Promise<Record<string, number>> {
    return this.queue.getJobCounts('waiting', 'active', 'delayed', 'completed', 'failed');
  }

  async close(): Promise<void> {
    await this.queue.close();
    this.connection.disconnect();
  }
}

/** consumer: one job is one batch; its last failed try leaves a copy in the dead-letter queue */
export class BullmqEventConsumer implements EventConsumer {
  private worker: Worker | null = null;
  private readonly connections: Redis[] = [];
  private deadQueue: Queue | null = null;

  constructor(
    private readonly options: BullmqOptions,
    private readonly logger: { error(message: string): void },
  ) {}

  async start(handler: (name: AnalyticsJobName, batch: EventBatch) => Promise<void>): Promise<void> {
    const deadConnection = connect(this.options.redisUrl, false);
    const workerConnection = connect(this.options.redisUrl, true);
    this.connections.push(deadConnection, workerConnection);
    const deadQueue = new Queue(`${this.options.queueName}-dead`, {
      connection: deadConnection,
      prefix: this.options.prefix,
    });
    this.deadQueue = deadQueue;
    this.worker = new Worker(
      this.options.queueName,
      async (job: Job) => {
        if (!ANALYTICS_JOB_NAMES.includes(job.name as AnalyticsJobName)) {
          throw new Error(`unknown job ${job.name}`);
        }
        try {
          const batch = parseEventBatch(job.data);
          await handler(job.name as AnalyticsJobName, batch);
          // a completed job stays in redis for a while (keepCompleted): without the ips, which were only
          // carried here to be looked up and hashed
          await job.updateData({ ...batch, events: batch.events.map((event) => ({ ...event, ip: null })) });
        } catch (err) {
          const lastTry = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
          if (lastTry) {
            // the copy is made before the job is marked failed, so a crash here means another try, not a loss
            await deadQueue.add(job.name, job.data, {
              jobId: `${job.id}`,
              removeOnComplete: true,
              removeOnFail: false,
            });
            this.logger.error(
              `analytics batch ${job.id} failed its last try, kept as a dead letter: ${(err as Error).message}`,
            );
          }
          throw err;
        }
      },
      {
        connection: workerConnection,
        prefix: this.options.prefix,
        concurrency: this.options.concurrency,
        lockDuration: this.options.lockDurationMs,
        stalledInterval: this.options.stalledIntervalMs,
        autorun: true,
      },
    );
    this.worker.on('error', (err) => this.logger.error(`analytics worker: ${err.message}`));
    await this.worker.waitUntilReady();
  }

  /** finishes the jobs in hand, then stops */
  async close(): Promise<void> {
    await this.worker?.close();
    await this.deadQueue?.close();
    for (const connection of this.connections) connection.disconnect();
  }
}

/** what an operator replays: `npm run analytics:replay-dead-letters -w @cardcraft/worker` */
export class BullmqDeadLetters implements DeadLetters {
  private readonly connection: Redis;
  private readonly queue: Queue;
  private readonly dead: Queue;

  constructor(private readonly options: BullmqOptions) {
    this.connection = connect(options.redisUrl, false);
    this.queue = new Queue(options.queueName, { connection: this.connection, prefix: options.prefix });
    this.dead = new Queue(`${options.queueName}-dead`, {
      connection: this.connection,
      prefix: options.prefix,
    });
  }

  async count(): Promise<number> {
    return this.dead.getWaitingCount();
  }

  async replay(): Promise<DeadLetterReport> {
    let replayed = 0;
    for (;;) {
      const jobs = await this.dead.getWaiting(0, 99);
      if (jobs.length === 0) break;
      // a new job id (the failed original may still be kept), the same batch id: its insert stays idempotent
      await this.queue.addBulk(
        jobs.map((job) => ({
          name: job.name,
          data: job.data as EventBatch,
          opts: jobOptions(this.options, `${job.id}-replay-${Date.now()}`),
        })),
      );
      for (const job of jobs) await job.remove();
      replayed += jobs.length;
    }
    return { replayed };
  }

  async close(): Promise<void> {
    await this.queue.close();
    await this.dead.close();
    this.connection.disconnect();
  }
}
