import type { Job } from 'bullmq';
import type { Redis } from 'ioredis';
import { withoutIps } from '../../events';
import type { BullmqOptions } from './bullmq-options';
import type { BullmqQueues } from './bullmq-queues';
import { ipExpiryKey } from './redis-keys';

/** a job of the main queue (one that started) or of the dead-letter queue */
type ExpiryMember = `main:${string}` | `dead:${string}`;

/**
 * when the raw ips of each job that might keep them must be gone: a job that started (it may stall or
 * fail and wait for a retry) and a dead letter, both a day after their batch was first queued. a sweep
 * reads only what is due.
 */
export class IpExpiry {
  private readonly key: string;

  constructor(
    private readonly commands: Redis,
    private readonly options: BullmqOptions,
  ) {
    this.key = ipExpiryKey(options);
  }

  async noteStarted(job: Job): Promise<void> {
    await this.note(job, `main:${job.id}`);
  }

  async noteDeadLetter(job: Job): Promise<void> {
    await this.note(job, `dead:${job.id}`);
  }

  /** the job completed or was copied to the dead letters: its own ips are gone */
  async forgetStarted(jobId: string): Promise<void> {
    await this.commands.zrem(this.key, `main:${jobId}` satisfies ExpiryMember);
  }

  /** the dead letter was replayed: its new job is noted when it starts */
  async forgetDeadLetter(jobId: string): Promise<void> {
    await this.commands.zrem(this.key, `dead:${jobId}` satisfies ExpiryMember);
  }

  /**
   * removes the raw ips of every job noted as due by `now` (retrying, stalled, failed or dead); returns
   * how many jobs had some. a job gone meanwhile (completed and trimmed, replayed) is just forgotten.
   */
  async stripDue(now: Date, queues: BullmqQueues): Promise<number> {
    let stripped = 0;
    for (;;) {
      const due = await this.commands.zrangebyscore(this.key, '-inf', now.getTime(), 'LIMIT', 0, 100);
      if (due.length === 0) return stripped;
      for (const member of due) {
        const separator = member.indexOf(':');
        const queue = member.slice(0, separator) === 'dead' ? queues.dead : queues.main;
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
        await this.commands.zrem(this.key, member);
      }
    }
  }

  private async note(job: Job, member: ExpiryMember): Promise<void> {
    await this.commands.zadd(this.key, 'NX', job.timestamp + this.options.ipMaxAgeMs, member);
  }
}
