import type { Job } from 'bullmq';
import { withoutIps } from '../../events';
import { INGEST, type BullmqOptions } from './bullmq-options';
import type { BullmqQueues } from './bullmq-queues';
import type { IpExpiry } from './ip-expiry';
import { chargedStallsKey, DEAD_COPIED_KEEP_MS, deadCopiedKey } from './redis-keys';

/**
 * copies every job that ends failed, for whatever reason (its last try threw, it stalled too often,
 * bullmq failed it on its own), to the dead-letter queue, once, with one error line
 */
export class DeadLetterCopier {
  constructor(
    private readonly queues: BullmqQueues,
    private readonly ipExpiry: IpExpiry,
    private readonly options: BullmqOptions,
    private readonly logger: { error(message: string): void },
  ) {}

  /** a job the worker reported failed, if it failed for good (not a try of several) */
  async copyIfFailed(job: Job, reason: string): Promise<void> {
    if (!job.id) return;
    if ((await this.queues.main.getJobState(job.id)) !== 'failed') return;
    await this.copy(job, reason);
  }

  /** copies every job of the failed set that has no dead letter yet */
  async copyFailedJobs(): Promise<void> {
    await this.queues.connection.zremrangebyscore(
      deadCopiedKey(this.options),
      '-inf',
      Date.now() - DEAD_COPIED_KEEP_MS,
    );
    for (let start = 0; ; start += 100) {
      const jobs = await this.queues.main.getFailed(start, start + 99);
      if (jobs.length === 0) return;
      for (const job of jobs) await this.copy(job, job.failedReason);
    }
  }

  /**
   * the job's copy in the dead-letter queue, once: it keeps the ips (a replay the same day still finds
   * the country) and the time the batch was queued, from which their day is counted; the failed job
   * itself is never replayed, so it loses them. logged once, whichever path gets here first.
   */
  async copy(job: Job, reason: string): Promise<void> {
    if (!job.id) return;
    const commands = this.queues.connection;
    const copied = deadCopiedKey(this.options);
    if ((await commands.zscore(copied, job.id)) !== null) return;
    const carriesIps = job.name === INGEST;
    if (carriesIps) await this.ipExpiry.noteDeadLetter(job);
    await this.queues.dead.add(job.name, job.data, {
      jobId: job.id,
      timestamp: job.timestamp,
      removeOnComplete: true,
      removeOnFail: false,
    });
    if (carriesIps) {
      const cleaned = withoutIps(job.data);
      if (cleaned.stripped) await job.updateData(cleaned.payload);
      await this.ipExpiry.forgetStarted(job.id);
    }
    await commands.hdel(chargedStallsKey(this.options), job.id);
    if ((await commands.zadd(copied, 'NX', Date.now(), job.id)) === 1) {
      this.logger.error(
        `analytics job ${job.id} (${job.name}) failed for good, kept as a dead letter for replay-dead-letters: ${reason}`,
      );
    }
  }
}
