import type { EventBatch } from '../../events';
import { eraseJobId, type ProfileErasure } from '../../jobs';
import type { EventQueue, QueueDepth, QueueProgress } from '../../ports';
import { ERASE, INGEST, jobOptions, type BullmqOptions } from './bullmq-options';
import { BullmqQueues } from './bullmq-queues';
import { lastStoredKey } from './redis-keys';

/** producer: every batch of a flush in one addBulk */
export class BullmqEventQueue implements EventQueue {
  private readonly queues: BullmqQueues;

  constructor(private readonly options: BullmqOptions) {
    // the buffer notices an outage on its own: its adds fail
    this.queues = new BullmqQueues(options, () => undefined);
  }

  async enqueue(batches: EventBatch[]): Promise<void> {
    if (batches.length === 0) return;
    // the batch id is the job id: a batch added twice is one job
    await this.queues.main.addBulk(
      batches.map((batch) => ({ name: INGEST, data: batch, opts: jobOptions(this.options, batch.id) })),
    );
  }

  async enqueueErase(erasure: ProfileErasure): Promise<void> {
    await this.queues.main.add(ERASE, erasure, jobOptions(this.options, eraseJobId(erasure.profileId)));
  }

  async ping(): Promise<void> {
    await this.queues.connection.ping();
  }

  async depth(): Promise<QueueDepth> {
    const [counts, dead, oldest] = await Promise.all([
      this.queues.main.getJobCounts('waiting', 'prioritized', 'active', 'delayed'),
      this.queues.dead.getWaitingCount(),
      // the wait list's far end is its oldest job
      this.queues.main.getJobs(['waiting'], 0, 0, true),
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
    const counts = await this.queues.main.getJobCounts('waiting', 'active', 'delayed', 'prioritized');
    const last = await this.queues.connection.get(lastStoredKey(this.options));
    return {
      waiting: Object.values(counts).reduce((sum, n) => sum + n, 0),
      lastStoredAt: last === null ? null : Number(last),
    };
  }

  async counts(): Promise<Record<string, number>> {
    return this.queues.main.getJobCounts('waiting', 'active', 'delayed', 'completed', 'failed');
  }

  async close(): Promise<void> {
    await this.queues.close();
  }
}
