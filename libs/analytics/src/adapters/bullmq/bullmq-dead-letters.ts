import type { DeadLetterReport, DeadLetters } from '../../ports';
import { jobOptions, type BullmqOptions } from './bullmq-options';
import { BullmqQueues } from './bullmq-queues';
import { IpExpiry } from './ip-expiry';

/** what an operator replays: `npm run analytics:replay-dead-letters -w @cardcraft/worker` */
export class BullmqDeadLetters implements DeadLetters {
  private readonly queues: BullmqQueues;
  private readonly ipExpiry: IpExpiry;

  constructor(private readonly options: BullmqOptions) {
    // failures reach the caller through the commands themselves
    this.queues = new BullmqQueues(options, () => undefined);
    this.ipExpiry = new IpExpiry(this.queues.connection, options);
  }

  async count(): Promise<number> {
    return this.queues.dead.getWaitingCount();
  }

  async replay(): Promise<DeadLetterReport> {
    let replayed = 0;
    for (;;) {
      const jobs = await this.queues.dead.getWaiting(0, 99);
      if (jobs.length === 0) break;
      // a new job id (the failed original may still be kept), the same batch id: its insert stays idempotent
      // the queued time goes along: the ips' day still counts from the batch's first queueing
      await this.queues.main.addBulk(
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
        await this.ipExpiry.forgetDeadLetter(job.id ?? '');
      }
      replayed += jobs.length;
    }
    return { replayed };
  }

  async close(): Promise<void> {
    await this.queues.close();
  }
}
