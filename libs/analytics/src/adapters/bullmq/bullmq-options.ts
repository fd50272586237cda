import type { JobsOptions } from 'bullmq';
import { IP_MAX_AGE_MS } from '../../events';
import type { AnalyticsJobName } from '../../jobs';

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

export const INGEST: AnalyticsJobName = 'analytics.ingest-batch';
export const ERASE: AnalyticsJobName = 'analytics.erase-profile';

/** a job's tries, backoff and how many ended jobs redis keeps; the job id makes a second add a no-op */
export function jobOptions(options: BullmqOptions, jobId: string): JobsOptions {
  return {
    jobId,
    attempts: options.attempts,
    backoff: { type: 'exponential', delay: options.backoffMs },
    removeOnComplete: { count: options.keepCompleted },
    removeOnFail: { count: options.keepFailed },
  };
}
