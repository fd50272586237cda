import { EventLoopSlices, WRITE_PATH_SLICE_MS } from '../../event-loop';
import { OutageLog } from '../../health/outage-log';
import type { AnalyticsJob } from '../../jobs';
import type { EventConsumer } from '../../ports';
import { ConsumerWaits } from './consumer-waits';
import { DueWorkReader, type DueWork } from './due-work';
import { planRetry, type PlannedRetry } from './failed-try';
import { INGEST } from './job-names';
import { QueueFileOutage } from './queue-file-outage';
import type { SqliteEventQueue } from './sqlite-event-queue';
import type { SqliteQueueDatabase } from './sqlite-queue-database';
import type { SqliteQueueOptions } from './sqlite-queue-options';

interface ConsumerLogger {
  error(message: string): void;
  warn(message: string): void;
  log(message: string): void;
}

type Handler = (job: AnalyticsJob) => Promise<void>;

/** a promise with its resolve at hand */
interface Gate {
  promise: Promise<void>;
  open: () => void;
}

function gate(): Gate {
  let open = () => {};
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}

/** how the handler ended on one piece of work */
interface Outcome {
  /** null: it succeeded */
  failure: Error | null;
  /** the work was a batch of events (not an erase) */
  ingest: boolean;
}

/**
 * the consumer of the embedded queue: one loop in the process, a round at a time. a round waits for
 * the spacing between inserts (none after a full group: a backlog), takes the work due (batches
 * waiting together go as one, see DueWorkReader), runs the handler, then takes the work off the queue
 * or notes its failed try.
 */
export class SqliteEventConsumer implements EventConsumer {
  private running = false;
  private loop: Promise<void> | null = null;
  private ipSweep: NodeJS.Timeout | null = null;
  private readonly due: DueWorkReader;
  private readonly waits: ConsumerWaits;
  private readonly queueOutage: QueueFileOutage;
  private readonly storeOutage: OutageLog;
  /** set while paused: rounds wait for it to open */
  private pausedGate: Gate | null = null;
  private pauses = 0;
  /** set while a round holds work (from reading it to settling it) */
  private workInHand: Gate | null = null;

  constructor(
    private readonly database: SqliteQueueDatabase,
    private readonly queue: SqliteEventQueue,
    private readonly options: SqliteQueueOptions,
    private readonly logger: ConsumerLogger,
  ) {
    this.due = new DueWorkReader(database, options.maxGroupEvents);
    this.waits = new ConsumerWaits(options.pollMs, options.insertIntervalMs);
    this.queueOutage = new QueueFileOutage(logger, options.pollMs);
    this.storeOutage = new OutageLog('the analytics store', logger);
  }

  async start(handler: Handler): Promise<void> {
    this.running = true;
    this.queue.onEnqueued(() => this.waits.wakeUp());
    this.loop = this.run(handler);
    // at start too: the process may have been down when a sweep was due
    this.sweepIps();
    this.ipSweep = setInterval(() => this.sweepIps(), this.options.ipSweepMs);
    this.ipSweep.unref();
  }

  /** strips the ips of failed batches older than ipMaxAgeMs at `now`; how many batches had some */
  stripStaleIps(now: Date = new Date()): number {
    return this.database.stripIpsOfFailedBefore(now.getTime() - this.options.ipMaxAgeMs);
  }

  private sweepIps(): void {
    try {
      this.stripStaleIps();
    } catch (err) {
      this.logger.error(`could not strip the ips of failed analytics batches: ${(err as Error).message}`);
    }
  }

  /**
   * stops taking work after the round in hand, which is settled (stored and taken off the queue, or
   * its try noted) when this resolves. the producer is not held: batches go on queueing. a backup
   * takes its snapshots meanwhile, so no batch moves from the queue's copy to the store's (one stored
   * whose delete failed is in both: a restore takes it off the queue).
   * pauses nest; each is ended by one resume()
   */
  async pause(): Promise<void> {
    this.pauses += 1;
    this.pausedGate ??= gate();
    await this.workInHand?.promise;
  }

  resume(): void {
    if (this.pauses === 0) return;
    this.pauses -= 1;
    if (this.pauses > 0) return;
    this.pausedGate?.open();
    this.pausedGate = null;
  }

  /** the loop never ends on an error: whatever escapes one round is logged and the next one runs */
  private async run(handler: Handler): Promise<void> {
    while (this.running) {
      if (this.pausedGate) {
        await this.pausedGate.promise;
        continue;
      }
      try {
        await this.round(handler);
      } catch (err) {
        this.logger.error(`analytics consumer: ${(err as Error).message}; going on`);
        await this.waits.poll();
      }
    }
  }

  private async round(handler: Handler): Promise<void> {
    if (this.running) await this.waits.spaceInserts();
    if (!this.running || this.pausedGate) return;
    const inHand = gate();
    this.workInHand = inHand;
    let idle: boolean;
    try {
      idle = await this.take(handler);
    } finally {
      this.workInHand = null;
      inHand.open();
    }
    // the wait is outside the work in hand, so a pause need not wait for it
    if (idle) await this.waits.poll();
  }

  /** reads the work due, hands it to the handler and settles it; true when the loop should wait */
  private async take(handler: Handler): Promise<boolean> {
    let work: DueWork | undefined;
    try {
      // the round's reading and parsing let the event loop run every millisecond: this runs in the
      // process that answers the visitors, and a group can hold thousands of events
      work = await this.due.next(new EventLoopSlices(WRITE_PATH_SLICE_MS));
    } catch (err) {
      this.queueOutage.failed(err);
      return true;
    }
    if (!work) {
      this.queueOutage.answered();
      return true;
    }
    const outcome = await this.handle(work, handler);
    const retry = outcome.failure ? planRetry(work.attempts, outcome.failure, this.options) : null;
    if (!this.settle(work, retry)) return true;
    if (outcome.failure && retry) {
      this.reportFailure(work, outcome.failure, retry);
    } else if (outcome.ingest) {
      this.queue.noteStored();
      this.storeOutage.up();
    }
    return false;
  }

  private async handle(work: DueWork, handler: Handler): Promise<Outcome> {
    let failure: Error | null = null;
    let job: AnalyticsJob | null = null;
    try {
      job = await work.job();
      await handler(job);
    } catch (err) {
      failure = err as Error;
    }
    const ingest = job?.name === INGEST;
    // a full group stored with more due behind it: the next goes at once, as large a part as spacing
    // would have made, so a burst drains at the store's pace instead of one group a second
    if (ingest) this.waits.noteInsertEnded({ backlog: work.full && !failure });
    return { failure, ingest };
  }

  /**
   * takes the work off the queue (retry null: it succeeded) or notes its failed try; false when the
   * data file did not take it. a batch stored but not taken off the queue is sent again later under
   * the same id, and the store's deduplication drops the copy
   */
  private settle(work: DueWork, retry: PlannedRetry | null): boolean {
    try {
      if (retry) this.database.failBatches(work.batchIds, retry);
      else this.database.removeBatches(work.batchIds);
      this.queueOutage.answered();
      return true;
    } catch (err) {
      this.queueOutage.failed(err);
      return false;
    }
  }

  private reportFailure(work: DueWork, failure: Error, retry: PlannedRetry): void {
    const { attempts } = this.options;
    const what =
      work.batchIds.length > 1
        ? `${work.batchIds.length} batches from ${work.batchIds[0]}`
        : work.batchIds[0];
    if (retry.dead) {
      this.logger.error(
        `analytics job ${what} failed its last try (${retry.attempts} of ${attempts}), kept as a dead letter for replay-dead-letters: ${failure.message}`,
      );
      return;
    }
    // one line when the store starts failing, one when it stores again: not one per try
    this.storeOutage.down(
      failure.message,
      retry.diskOutage
        ? `the disk refuses writes: batches wait in the queue, retried every ${this.options.backoffMs} ms without spending their tries`
        : `batches wait in the queue and are retried with backoff (job ${what}: try ${retry.attempts} of ${attempts})`,
    );
  }

  /** finishes the batch in hand, then stops */
  async close(): Promise<void> {
    this.running = false;
    // a pause does not outlive the consumer: the loop ends instead of waiting for a resume
    this.pausedGate?.open();
    if (this.ipSweep) clearInterval(this.ipSweep);
    this.ipSweep = null;
    this.waits.endAll();
    await this.loop;
  }
}
