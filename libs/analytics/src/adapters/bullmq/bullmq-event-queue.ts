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
import { OutageLog } from '../../health/outage-log';
import type {
  DeadLetterReport,
  DeadLetters,
  EventConsumer,
  EventQueue,
  QueueDepth,
  QueueProgress,
} from '../../ports';

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
    // an unheard 'error' would end the process; the buffer notices the outage on its own (its adds fail)
    this.queue.on('error', () => undefined);
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

  async progress(): Promise<QueueProgress> {
    const counts = await this.queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized');
    const last = await this.connection.get(lastStoredKey(this.options));
    return {
      waiting: Object.values(counts).reduce((sum, n) => sum + n, 0),
      lastStoredAt: last === null ? null : Number(last),
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

/** when a consumer last stored a batch (epoch ms), for the api's readiness */
function lastStoredKey(options: BullmqOptions): string {
  return `${options.prefix}:analytics-last-stored:${options.queueName}`;
}

/** the hash of stalls already counted as a try, per job id (see BullmqEventConsumer) */
function chargedStallsKey(options: BullmqOptions): string {
  return `${options.prefix}:analytics-stalls:${options.queueName}`;
}

/** the ids of failed jobs already copied to the dead letters (and logged), scored by when */
function deadCopiedKey(options: BullmqOptions): string {
  return `${options.prefix}:analytics-dead-copied:${options.queueName}`;
}

/** how long the note that a failed job was copied is kept: longer than the failed set keeps jobs */
const DEAD_COPIED_KEEP_MS = 90 * 24 * 3_600_000;

/** a try cut short because the worker holding the job stopped (a crash, a kill, a lost lock) */
export class StalledJobError extends Error {
  constructor(stalls: number) {
    super(`the worker holding it stopped in the middle of it (${stalls} time(s) so far)`);
    this.name = 'StalledJobError';
  }
}

interface ConsumerLogger {
  log(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

/**
 * consumer: one job is one batch or one erase. every job that ends failed, for whatever reason (its
 * last try threw, it stalled too often, bullmq failed it on its own), leaves a copy in the dead-letter
 * queue and one error line. a stalled job (its worker died holding it) counts as a failed try, retried
 * after the backoff like any other, instead of bullmq's one free stall and then a silent failure.
 * raw ips stay in a job only as long as it may still be enriched with them: a completed job and a
 * failed one (its copy is what gets replayed) lose them at once, a retrying job and a dead letter a
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
  private readonly storeOutage: OutageLog;
  private readonly redisOutage: OutageLog;

  constructor(
    private readonly options: BullmqOptions,
    private readonly logger: ConsumerLogger,
  ) {
    this.storeOutage = new OutageLog('the analytics store', logger);
    this.redisOutage = new OutageLog('the analytics queue (Redis)', logger);
  }

  async start(handler: (job: AnalyticsJob) => Promise<void>): Promise<void> {
    const deadConnection = connect(this.options.redisUrl, false);
    const workerConnection = connect(this.options.redisUrl, true);
    this.connections.push(deadConnection, workerConnection);
    const deadQueue = new Queue(`${this.options.queueName}-dead`, {
      connection: deadConnection,
      prefix: this.options.prefix,
    });
    this.deadQueue = deadQueue;
    const mainQueue = new Queue(this.options.queueName, {
      connection: deadConnection,
      prefix: this.options.prefix,
    });
    this.mainQueue = mainQueue;
    this.commands = deadConnection;
    const expiry = ipExpiryKey(this.options);
    const stallsKey = chargedStallsKey(this.options);
    const expiresAt = (job: Job) => job.timestamp + this.options.ipMaxAgeMs;
    this.worker = new Worker(
      this.options.queueName,
      async (job: Job) => {
        const main: IpExpiryMember = `main:${job.id}`;
        // noted before anything can fail: a job that stalls or fails keeps its ips at most until then
        const carriesIps = job.name === INGEST;
        if (carriesIps) await deadConnection.zadd(expiry, 'NX', expiresAt(job), main);
        // a stall bullmq has not counted as a try yet: this try is spent on it, and the job waits its
        // backoff before the next, as after any failure
        if (job.stalledCounter > 0) {
          const charged = Number((await deadConnection.hget(stallsKey, `${job.id}`)) ?? 0);
          if (job.stalledCounter > charged) {
            await deadConnection.hset(stallsKey, `${job.id}`, job.stalledCounter);
            await this.failTry(job, new StalledJobError(job.stalledCounter));
          }
        }
        try {
          await handler(parseJob(job.name, job.data));
        } catch (err) {
          await this.failTry(job, err as Error);
        }
        this.storeOutage.up();
        if (carriesIps) await deadConnection.set(lastStoredKey(this.options), Date.now());
        // a completed job stays in redis for a while (keepCompleted): without the ips, which were only
        // carried here to be looked up and hashed
        if (carriesIps) {
          await job.updateData(withoutIps(job.data).payload);
          await deadConnection.zrem(expiry, main);
        }
        if (job.stalledCounter > 0) await deadConnection.hdel(stallsKey, `${job.id}`);
      },
      {
        connection: workerConnection,
        prefix: this.options.prefix,
        concurrency: this.options.concurrency,
        lockDuration: this.options.lockDurationMs,
        stalledInterval: this.options.stalledIntervalMs,
        // every stall is counted as a try (above), so the tries run out first; bullmq's own limit is
        // only a guard, and a job it fails still reaches the dead letters (the failed listener)
        maxStalledCount: this.options.attempts,
        autorun: true,
      },
    );
    // one line when redis goes away and one when it is back, not one per reconnect
    this.worker.on('error', (err) => this.redisOutage.down(err.message, 'the worker waits for it'));
    for (const connection of [deadConnection, workerConnection]) {
      connection.on('ready', () => this.redisOutage.up());
    }
    deadQueue.on('error', (err) => this.redisOutage.down(err.message, 'the worker waits for it'));
    mainQueue.on('error', (err) => this.redisOutage.down(err.message, 'the worker waits for it'));
    // whatever failed a job for good, bullmq included (a stall limit, an unrecoverable error)
    this.worker.on('failed', (job, err) => {
      if (!job) return;
      void this.copyIfFailed(job, err.message).catch((copyErr: Error) =>
        this.logger.error(
          `analytics job ${job.id} failed, and its dead letter could not be written: ${copyErr.message}`,
        ),
      );
    });
    await this.worker.waitUntilReady();
    // a job failed while no consumer listened (a crash between its failure and its copy)
    await this.copyFailedJobs();
    // at start too: no consumer may have run when a sweep was due
    void this.sweepIps();
    this.ipSweep = setInterval(() => void this.sweepIps(), this.options.ipSweepMs);
    this.ipSweep.unref();
  }

  /** a try failed: the last one leaves the dead letter before the job is marked failed; rethrows */
  private async failTry(job: Job, err: Error): Promise<never> {
    // the job's own count rules (bullmq retries by it), whatever this worker was configured with
    const tries = job.opts.attempts ?? this.options.attempts;
    const made = job.attemptsMade + 1;
    if (made >= tries) {
      // the copy is made before the job is marked failed, so a crash here means another try, not a loss
      await this.deadLetter(job, err.message);
    } else if (err instanceof StalledJobError) {
      this.logger.warn(
        `analytics job ${job.id} (${job.name}) was cut: ${err.message}; counted as try ${made} of ${tries}, retried after its backoff`,
      );
    } else {
      this.storeOutage.down(
        err.message,
        `retrying batches with backoff (job ${job.id}: try ${made} of ${tries})`,
      );
    }
    throw err;
  }

  private async copyIfFailed(job: Job, reason: string): Promise<void> {
    if (!this.mainQueue || !job.id) return;
    if ((await this.mainQueue.getJobState(job.id)) !== 'failed') return;
    await this.deadLetter(job, reason);
  }

  /** copies every job of the failed set that has no dead letter yet */
  private async copyFailedJobs(): Promise<void> {
    const { mainQueue, commands } = this;
    if (!mainQueue || !commands) return;
    await commands.zremrangebyscore(deadCopiedKey(this.options), '-inf', Date.now() - DEAD_COPIED_KEEP_MS);
    for (let start = 0; ; start += 100) {
      const jobs = await mainQueue.getFailed(start, start + 99);
      if (jobs.length === 0) return;
      for (const job of jobs) await this.deadLetter(job, job.failedReason);
    }
  }

  /**
   * the job's copy in the dead-letter queue, once: it keeps the ips (a replay the same day still finds
   * the country) and the time the batch was queued, from which their day is counted; the failed job
   * itself is never replayed, so it loses them. logged once, whichever path gets here first.
   */
  private async deadLetter(job: Job, reason: string): Promise<void> {
    const { commands, deadQueue } = this;
    if (!commands || !deadQueue || !job.id) return;
    const copied = deadCopiedKey(this.options);
    if ((await commands.zscore(copied, job.id)) !== null) return;
    const carriesIps = job.name === INGEST;
    const expiry = ipExpiryKey(this.options);
    if (carriesIps)
      await commands.zadd(expiry, 'NX', job.timestamp + this.options.ipMaxAgeMs, `dead:${job.id}`);
    await deadQueue.add(job.name, job.data, {
      jobId: job.id,
      timestamp: job.timestamp,
      removeOnComplete: true,
      removeOnFail: false,
    });
    if (carriesIps) {
      const cleaned = withoutIps(job.data);
      if (cleaned.stripped) await job.updateData(cleaned.payload);
      await commands.zrem(expiry, `main:${job.id}`);
    }
    await commands.hdel(chargedStallsKey(this.options), job.id);
    if ((await commands.zadd(copied, 'NX', Date.now(), job.id)) === 1) {
      this.logger.error(
        `analytics job ${job.id} (${job.name}) failed for good, kept as a dead letter for replay-dead-letters: ${reason}`,
      );
    }
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
    // failures reach the caller through the commands themselves
    this.queue.on('error', () => undefined);
    this.dead.on('error', () => undefined);
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
