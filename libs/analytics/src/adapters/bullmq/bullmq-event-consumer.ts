import { Worker, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import { withoutIps } from '../../events';
import { OutageLog } from '../../health/outage-log';
import { parseJob, type AnalyticsJob } from '../../jobs';
import type { EventConsumer } from '../../ports';
import { INGEST, type BullmqOptions } from './bullmq-options';
import { BullmqQueues, connectForWorker } from './bullmq-queues';
import { DeadLetterCopier } from './dead-letter-copier';
import { IpExpiry } from './ip-expiry';
import { chargedStallsKey, lastStoredKey } from './redis-keys';
import { StalledJobError } from './stalled-job-error';

interface ConsumerLogger {
  log(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

type Handler = (job: AnalyticsJob) => Promise<void>;

/** what a job's try writes to, besides the job itself */
interface JobTools {
  commands: Redis;
  ipExpiry: IpExpiry;
  deadLetters: DeadLetterCopier;
}

/** what a started consumer holds */
interface Running extends JobTools {
  queues: BullmqQueues;
  workerConnection: Redis;
  worker: Worker;
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
  private running: Running | null = null;
  private ipSweep: NodeJS.Timeout | null = null;
  private sweeping: Promise<number> | null = null;
  private closing: Promise<void> | null = null;
  private readonly storeOutage: OutageLog;
  private readonly redisOutage: OutageLog;

  constructor(
    private readonly options: BullmqOptions,
    private readonly logger: ConsumerLogger,
  ) {
    this.storeOutage = new OutageLog('the analytics store', logger);
    this.redisOutage = new OutageLog('the analytics queue (Redis)', logger);
  }

  async start(handler: Handler): Promise<void> {
    // one line when redis goes away and one when it is back, not one per reconnect
    const redisDown = (err: Error) => this.redisOutage.down(err.message, 'the worker waits for it');
    const queues = new BullmqQueues(this.options, redisDown);
    const workerConnection = connectForWorker(this.options.redisUrl);
    const ipExpiry = new IpExpiry(queues.connection, this.options);
    const deadLetters = new DeadLetterCopier(queues, ipExpiry, this.options, this.logger);
    const tools: JobTools = { commands: queues.connection, ipExpiry, deadLetters };
    const worker = new Worker(this.options.queueName, (job: Job) => this.process(job, handler, tools), {
      connection: workerConnection,
      prefix: this.options.prefix,
      concurrency: this.options.concurrency,
      lockDuration: this.options.lockDurationMs,
      stalledInterval: this.options.stalledIntervalMs,
      // every stall is counted as a try (process), so the tries run out first; bullmq's own limit is
      // only a guard, and a job it fails still reaches the dead letters (the failed listener)
      maxStalledCount: this.options.attempts,
      autorun: true,
    });
    this.running = { ...tools, queues, workerConnection, worker };
    worker.on('error', redisDown);
    for (const connection of [queues.connection, workerConnection]) {
      connection.on('ready', () => this.redisOutage.up());
    }
    // whatever failed a job for good, bullmq included (a stall limit, an unrecoverable error)
    worker.on('failed', (job, err) => {
      if (!job) return;
      void deadLetters
        .copyIfFailed(job, err.message)
        .catch((copyErr: Error) =>
          this.logger.error(
            `analytics job ${job.id} failed, and its dead letter could not be written: ${copyErr.message}`,
          ),
        );
    });
    await worker.waitUntilReady();
    // a job failed while no consumer listened (a crash between its failure and its copy)
    await deadLetters.copyFailedJobs();
    // at start too: no consumer may have run when a sweep was due
    void this.sweepIps();
    this.ipSweep = setInterval(() => void this.sweepIps(), this.options.ipSweepMs);
    this.ipSweep.unref();
  }

  /** one try of a job, as the worker runs it; throws when the try failed */
  private async process(job: Job, handler: Handler, tools: JobTools): Promise<void> {
    const { commands, ipExpiry } = tools;
    const stallsKey = chargedStallsKey(this.options);
    // noted before anything can fail: a job that stalls or fails keeps its ips at most until then
    const carriesIps = job.name === INGEST;
    if (carriesIps) await ipExpiry.noteStarted(job);
    // a stall bullmq has not counted as a try yet: this try is spent on it, and the job waits its
    // backoff before the next, as after any failure
    if (job.stalledCounter > 0) {
      const charged = Number((await commands.hget(stallsKey, `${job.id}`)) ?? 0);
      if (job.stalledCounter > charged) {
        await commands.hset(stallsKey, `${job.id}`, job.stalledCounter);
        await this.failTry(job, new StalledJobError(job.stalledCounter), tools);
      }
    }
    try {
      await handler(parseJob(job.name, job.data));
    } catch (err) {
      await this.failTry(job, err as Error, tools);
    }
    this.storeOutage.up();
    if (carriesIps) {
      await commands.set(lastStoredKey(this.options), Date.now());
      // a completed job stays in redis for a while (keepCompleted): without the ips, which were only
      // carried here to be looked up and hashed
      await job.updateData(withoutIps(job.data).payload);
      await ipExpiry.forgetStarted(`${job.id}`);
    }
    if (job.stalledCounter > 0) await commands.hdel(stallsKey, `${job.id}`);
  }

  /** a try failed: the last one leaves the dead letter before the job is marked failed; rethrows */
  private async failTry(job: Job, err: Error, { deadLetters }: JobTools): Promise<never> {
    // the job's own count rules (bullmq retries by it), whatever this worker was configured with
    const tries = job.opts.attempts ?? this.options.attempts;
    const made = job.attemptsMade + 1;
    if (made >= tries) {
      // the copy is made before the job is marked failed, so a crash here means another try, not a loss
      await deadLetters.copy(job, err.message);
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

  /**
   * removes the raw ips of every job noted as due by `now` (retrying, stalled, failed or dead); returns
   * how many jobs had some
   */
  async stripStaleIps(now: Date = new Date()): Promise<number> {
    if (!this.running) throw new Error('the consumer has not started');
    return this.running.ipExpiry.stripDue(now, this.running.queues);
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

  /**
   * finishes the jobs in hand, then stops. a second call waits for the first instead of closing
   * bullmq's worker and queues again, which left sockets open
   */
  close(): Promise<void> {
    this.closing ??= this.stop();
    return this.closing;
  }

  private async stop(): Promise<void> {
    if (this.ipSweep) clearInterval(this.ipSweep);
    this.ipSweep = null;
    if (!this.running) return;
    await this.running.worker.close();
    await this.sweeping;
    await this.running.queues.close();
    this.running.workerConnection.disconnect();
  }
}
