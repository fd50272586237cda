import type { EventBatch } from '../events';
import type { AnalyticsJob } from '../jobs';

/** a consumer's handler for tests that expect batches only: any other job fails the test */
export function batchesOnly(
  handle: (batch: EventBatch) => Promise<unknown> | unknown,
): (job: AnalyticsJob) => Promise<void> {
  return async (job) => {
    if (job.name !== 'analytics.ingest-batch') throw new Error(`unexpected job ${job.name}`);
    await handle(job.payload);
  };
}
