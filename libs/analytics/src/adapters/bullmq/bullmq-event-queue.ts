import { Queue, Worker, type Job, type JobsOptions } from 'bullmq';
import { Redis } from 'ioredis';
import { IP_MAX_AGE_MS, withoutIps, type EventBatch } from '../../events';
import {
  eraseJobId,
  parseJob,
  type AnalyticsJob,
  type AnalyticsJobName,
  type ProfileErasure,
} from '../../jobs';
import type { DeadLetterReport, DeadLetters, EventConsumer, EventQueue, QueueDepth } from '../../ports';

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
  /** a batch that failed (retrying, failed or dead) loses its raw ips this long after it was queued */
  ipMaxAgeMs: number;
  /** how often a consumer looks for such batches */
  ipSweepMs: number;
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
  ipMaxAgeMs: IP_MAX_AGE_MS,
  ipSweepMs: 3_600_000,
};

const INGEST: AnalyticsJobName = 'analytics.ingest-batch';
const ERASE: AnalyticsJobName = 'analytics.erase-profile';

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
  private readonly dead: Queue;

  constructor(private readonly options: BullmqOptions) {
    this.connection = connect(options.redisUrl, false);
    this.queue = new Queue(options.queueName, { connection: this.connection, prefix: options.prefix });
    this.dead = new Queue(`${options.queueName}-dead`, {
      connection: this.connection,
      prefix: options.prefix,
    });
  }

  async enqueue(batches: EventBatch[]): Promise<void> {
    if (batches.length === 0) return;
    // the batch id is the job id: a batch added twice is one job
    await this.queue.addBulk(
      batches.map((batch) => ({ name: INGEST, data: batch, opts: jobOptions(this.options, batch.id) })),
    );
  }

  async enqueueErase(erasure: ProfileErasure): Promise<void> {
    await this.queue.add(ERASE, erasure, jobOptions(this.options, eraseJobId(erasure.profileId)));
  }

  async ping(): Promise<void> {
    await this.connection.ping();
  }

  async depth(): Promise<QueueDepth> {
    const [counts, dead, oldest] = await Promise.all([
      this.queue.getJobCounts('waiting', 'prioritized', 'active', 'delayed'),
      this.dead.getWaitingCount(),
      // the wait list's far end is its oldest job
      this.queue.getJobs(['waiting'], 0, 0, true),
    ]);
    const queuedAt = oldest[0]?.timestamp;
    return {
      waiting: (counts.waiting ?? 0) + (counts.prioritized ?? 0),
      active: counts.active ?? 0,
      retrying: counts.delayed ?? 0,
      dead,
      oldestAgeSeconds: queuedAt ? Math.max(0, (Date.now() - queuedAt) / 1000) : 0,
    };
  }

  async counts(): Promise<Record<string, number>> {
    return this.queue.getJobCounts('waiting', 'active', 'delayed', 'completed', 'failed');
  }

  async close(): Promise<void> {
    await this.queue.close();
    await this.dead.close();
    this.connection.disconnect();
  }
}

/**
 * where the consumer notes, per job that might keep raw ips (one that started, one in the dead-letter
 * queue), when they must be gone: a sorted set scored by that time, so a sweep reads only what is due.
 * outside bullmq's own keys (`prefix:queue:*`), which any job id could collide with.
 */
function ipExpiryKey(options: BullmqOptions): string {
  return `${options.prefix}:analytics-ip-expiry:${options.queueName}`;
}

type IpExpiryMember = `main:${string}` | `dead:${string}`;

/**
 * consumer: one job is one batch or one erase; its last failed try leaves a copy in the dead-letter
 * queue. raw ips stay in a job only as long as it may still be enriched with them: a completed job and
 * a failed one (its copy is what gets replayed) lose them at once, a retrying job and a dead letter a
 * day after the batch was queued.
 */
export class BullmqEventConsumer implements EventConsumer {
  private worker: Worker | null = null;
  private readonly connections: Redis[] = [];
  private deadQueue: Queue | null = null;
  private mainQueue: Queue | null = null;
  private commands: Redis | null = null;
  private ipSweep: NodeJS.Timeout | null = null;
  private sweeping: Promise<number> | null = null;

  constructor(
    private readonly options: BullmqOptions,
    private readonly logger: { error(message: string): void },
  ) {}

  async start(handler: (job: AnalyticsJob) => Promise<void>): Promise<void> {
    const deadConnection = connect(this.options.redisUrl, false);
    const workerConnection = connect(this.options.redisUrl, true);
    this.connections.push(deadConnection, workerConnection);
    const deadQueue = new Queue(`${this.options.queueName}-dead`, {
      connection: deadConnection,
      prefix: this.options.prefix,
    });
    this.deadQueue = deadQueue;
    this.mainQueue = new Queue(this.options.queueName, {
      connection: deadConnection,
      prefix: this.options.prefix,
    });
    this.commands = deadConnection;
    const expiry = ipExpiryKey(this.options);
    const expiresAt = (job: Job) => job.timestamp + this.options.ipMaxAgeMs;
    this.worker = new Worker(
      this.options.queueName,
      async (job: Job) => {
        const main: IpExpiryMember = `main:${job.id}`;
        // noted before anything can fail: a job that stalls or fails keeps its ips at most until then
        const carriesIps = job.name === INGEST;
        if (carriesIps) await deadConnection.zadd(expiry, 'NX', expiresAt(job), main);
        try {
          await handler(parseJob(job.name, job.data));
          // a completed job stays in redis for a while (keepCompleted): without the ips, which were only
          // carried here to be looked up and hashed
          if (carriesIps) {
            await job.updateData(withoutIps(job.data).payload);
            await deadConnection.zrem(expiry, main);
          }
        } catch (err) {
          const lastTry = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
          if (lastTry) {
            // the copy is made before the job is marked failed, so a crash here means another try, not a
            // loss. it keeps the ips (a replay the same day still finds the country) and the time the
            // batch was queued, from which their day is counted
            const dead: IpExpiryMember = `dead:${job.id}`;
            if (carriesIps) await deadConnection.zadd(expiry, 'NX', expiresAt(job), dead);
            await deadQueue.add(job.name, job.data, {
              jobId: `${job.id}`,
              timestamp: job.timestamp,
              removeOnComplete: true,
              removeOnFail: false,
            });
            // the failed job itself is never replayed: it needs no ips
            if (carriesIps) {
              await job.updateData(withoutIps(job.data).payload);
              await deadConnection.zrem(expiry, main);
            }
            this.logger.error(
              `analytics job ${job.id} (${job.name}) failed its last try, kept as a dead letter: ${(err as Error).message}`,
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
    // at start too: no consumer may have run when a sweep was due
    void this.sweepIps();
    this.ipSweep = setInterval(() => void this.sweepIps(), this.options.ipSweepMs);
    this.ipSweep.unref();
  }

  /**
   * removes the raw ips of every job noted as due by `now` (retrying, stalled, failed or dead); returns
   * how many jobs had some. a job gone meanwhile (completed and trimmed, replayed) is just forgotten.
   */
  async stripStaleIps(now: Date = new Date()): Promise<number> {
    const { commands, mainQueue, deadQueue } = this;
    if (!commands || !mainQueue || !deadQueue) throw new Error('the consumer has not started');
    const expiry = ipExpiryKey(this.options);
    let stripped = 0;
    for (;;) {
      const due = await commands.zrangebyscore(expiry, '-inf', now.getTime(), 'LIMIT', 0, 100);
      if (due.length === 0) return stripped;
      for (const member of due) {
        const separator = member.indexOf(':');
        const queue = member.slice(0, separator) === 'dead' ? deadQueue : mainQueue;
        const job = await queue.getJob(member.slice(separator + 1));
        const cleaned = withoutIps(job?.data);
        if (job && cleaned.stripped) {
          try {
            await job.updateData(cleaned.payload);
            stripped += 1;
          } catch (err) {
            // removed between the read and the write: nothing left to strip
            if (await queue.getJob(job.id ?? '')) throw err;
          }
        }
        await commands.zrem(expiry, member);
      }
    }
  }

  private sweepIps(): Promise<number> {
    this.sweeping ??= this.stripStaleIps()
      .catch((err: Error) => {
        this.logger.error(`could not strip the ips of failed analytics batches: ${err.message}`);
        return 0;
      })
      .finally(() => {
        this.sweeping = null;
      });
    return this.sweeping;
  }

  /** finishes the jobs in hand, then stops */
  async close(): Promise<void> {
    if (this.ipSweep) clearInterval(this.ipSweep);
    this.ipSweep = null;
    await this.worker?.close();
    await this.sweeping;
    await this.mainQueue?.close();
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
      // the queued time goes along: the ips' day still counts from the batch's first queueing
      await this.queue.addBulk(
        jobs.map((job) => ({
          name: job.name,
          data: job.data as unknown,
          opts: {
            ...jobOptions(this.options, `${job.id}-replay-${Date.now()}`),
            timestamp: job.timestamp,
          },
        })),
      );
      for (const job of jobs) {
        await job.remove();
        await this.connection.zrem(ipExpiryKey(this.options), `dead:${job.id}`);
      }
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
