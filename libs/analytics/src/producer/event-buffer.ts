import { v7 as uuidv7 } from 'uuid';
import type { AnalyticsEvent, EventBatch } from '../events';
import { OutageLog } from '../health/outage-log';
import type { BatchJournal, EventQueue } from '../ports';

export interface EventBufferOptions {
  /** flush this long after the first buffered event */
  flushMs: number;
  /** events per batch (one job, one insert) */
  maxBatch: number;
  /**
   * events held in memory at most: those waiting for a flush, being handed over, and batches held
   * while neither the queue nor the journal takes them. beyond it events are dropped and counted
   */
  maxBuffered: number;
  /** a hand-over that has not answered after this long is taken as refused (the batch is spilled) */
  enqueueTimeoutMs?: number;
  /** while batches wait (journal or memory), how often the queue is tried again */
  retryMs?: number;
}

export interface EventBufferStats {
  /** events in memory: waiting, being handed over, held for a retry */
  buffered: number;
  /** events the queue took */
  enqueued: number;
  /** events lost: refused after close, or beyond maxBuffered. exact */
  dropped: number;
  /** hand-overs the queue refused (each then spilled, not lost) */
  failedFlushes: number;
  /** events waiting in the journal for the queue */
  journaled: number;
}

interface Logger {
  log(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

const DEFAULT_ENQUEUE_TIMEOUT_MS = 2000;
const DEFAULT_RETRY_MS = 1000;
/** batches handed back over per try while the spilled backlog drains */
const DRAIN_BATCHES = 100;

class EnqueueTimeout extends Error {
  constructor(ms: number) {
    super(`no answer within ${ms} ms`);
  }
}

function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new EnqueueTimeout(ms)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

const eventsIn = (batches: EventBatch[]) => batches.reduce((sum, batch) => sum + batch.events.length, 0);

/**
 * keeps the request path off the queue: events wait here a few milliseconds and go out in one bulk
 * add, never one round trip per request. a hand-over the queue refuses (or does not answer in time)
 * is not lost: its batches go to the journal (a durable file under DATA_DIR, when there is one), else
 * they are held in memory, and both are handed over again, oldest first, once the queue answers;
 * while anything waits, new batches queue up behind it, so the order holds. bounded in memory; an
 * overflow is counted exactly and logged, never thrown.
 */
export class EventBuffer {
  private pending: AnalyticsEvent[] = [];
  private firstPendingAt = 0;
  private inFlight = 0;
  /** batches neither the queue nor the journal took, oldest first */
  private held: EventBatch[] = [];
  private heldEvents = 0;
  private timer: NodeJS.Timeout | null = null;
  private retryTimer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();
  private closed = false;
  private lastOverflowLog = 0;
  private readonly stats = { enqueued: 0, dropped: 0, failedFlushes: 0 };
  private readonly queueOutage: OutageLog;
  private readonly journalOutage: OutageLog;
  private readonly enqueueTimeoutMs: number;
  private readonly retryMs: number;

  constructor(
    private readonly queue: EventQueue,
    private readonly options: EventBufferOptions,
    private readonly logger: Logger,
    private readonly journal: BatchJournal | null = null,
  ) {
    this.enqueueTimeoutMs = options.enqueueTimeoutMs ?? DEFAULT_ENQUEUE_TIMEOUT_MS;
    this.retryMs = options.retryMs ?? DEFAULT_RETRY_MS;
    this.queueOutage = new OutageLog('the analytics queue', logger);
    this.journalOutage = new OutageLog('the analytics journal', logger);
    // batches a previous run left in the journal go first
    if (this.backlogged()) this.scheduleRetry(0);
  }

  /** never throws and never waits: recording a view must not slow the page */
  push(event: AnalyticsEvent): void {
    if (this.closed || this.pending.length + this.inFlight + this.heldEvents >= this.options.maxBuffered) {
      this.stats.dropped += 1;
      const now = Date.now();
      if (now - this.lastOverflowLog > 10_000) {
        this.lastOverflowLog = now;
        this.logger.warn(
          `analytics buffer ${this.closed ? 'closed' : 'full'}: ${this.stats.dropped} event(s) dropped so far`,
        );
      }
      return;
    }
    const now = Date.now();
    if (this.pending.length === 0) this.firstPendingAt = now;
    this.pending.push(event);
    // a timer fired late (the event loop was busy) does not hold the events back: the next event does
    // the flush the timer should have done
    if (this.pending.length >= this.options.maxBatch || now - this.firstPendingAt >= this.options.flushMs) {
      void this.flush();
    } else if (!this.timer) {
      this.timer = setTimeout(() => void this.flush(), this.options.flushMs);
    }
  }

  /** sends what is buffered; resolves when it is on the queue, in the journal or held for a retry */
  flush(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    if (this.pending.length === 0) return this.flushing;
    const events = this.pending;
    this.pending = [];
    this.inFlight += events.length;
    const batches: EventBatch[] = [];
    for (let i = 0; i < events.length; i += this.options.maxBatch) {
      batches.push({ id: uuidv7(), events: events.slice(i, i + this.options.maxBatch) });
    }
    // flushes are chained so batches reach the queue in order
    this.flushing = this.flushing.then(async () => {
      try {
        await this.handOver(batches);
      } finally {
        this.inFlight -= events.length;
      }
    });
    return this.flushing;
  }

  private backlogged(): boolean {
    return this.held.length > 0 || (this.journal?.current().batches ?? 0) > 0;
  }

  private async handOver(batches: EventBatch[]): Promise<void> {
    if (this.backlogged()) {
      // older batches wait: these go behind them
      this.spill(batches);
      return;
    }
    try {
      await within(this.queue.enqueue(batches), this.enqueueTimeoutMs);
      this.stats.enqueued += eventsIn(batches);
      this.queueOutage.up();
    } catch (err) {
      // a timed-out add may still reach the queue: the copy sent again keeps its batch id, which the
      // queue (job id) and the store (insert token) count once
      this.stats.failedFlushes += 1;
      this.queueOutage.down(
        (err as Error).message,
        this.journal
          ? 'batches go to the journal in DATA_DIR until it is back'
          : `batches are held in memory (at most ${this.options.maxBuffered} events) and tried again every ${this.retryMs} ms`,
      );
      this.spill(batches);
    }
  }

  /** to the journal, else into memory; then a retry is due */
  private spill(batches: EventBatch[]): void {
    if (this.journal && this.held.length === 0) {
      try {
        this.journal.append(batches);
        this.journalOutage.up();
        this.scheduleRetry(this.retryMs);
        return;
      } catch (err) {
        this.journalOutage.down((err as Error).message, 'batches are held in memory');
      }
    }
    this.held.push(...batches);
    this.heldEvents += eventsIn(batches);
    this.scheduleRetry(this.retryMs);
  }

  private scheduleRetry(ms: number): void {
    if (this.retryTimer) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.flushing = this.flushing.then(() => this.drain());
    }, ms);
    this.retryTimer.unref();
  }

  /** hands the waiting batches over, oldest first, until the queue refuses or none is left */
  private async drain(): Promise<void> {
    for (;;) {
      // the journal's batches are the oldest: memory holds batches only while the journal fails, and
      // the journal takes new ones only while memory holds none
      let next: EventBatch[];
      let fromJournal = false;
      if (this.journal && this.journal.current().batches > 0) {
        try {
          next = this.journal.peek(DRAIN_BATCHES);
          fromJournal = true;
        } catch (err) {
          this.journalOutage.down((err as Error).message, 'its batches wait there');
          this.scheduleRetry(this.retryMs);
          return;
        }
      } else if (this.held.length > 0) {
        if (this.journal) {
          // durable again: the held batches are safer there than in memory
          try {
            this.journal.append(this.held);
            this.held = [];
            this.heldEvents = 0;
            this.journalOutage.up();
            continue;
          } catch {
            // still failing: they go straight to the queue
          }
        }
        next = this.held.slice(0, DRAIN_BATCHES);
      } else {
        return;
      }
      try {
        await within(this.queue.enqueue(next), this.enqueueTimeoutMs);
      } catch (err) {
        this.queueOutage.down((err as Error).message, 'the waiting batches are tried again');
        this.scheduleRetry(this.retryMs);
        return;
      }
      this.queueOutage.up();
      this.stats.enqueued += eventsIn(next);
      if (fromJournal && this.journal) {
        try {
          this.journal.remove(next);
        } catch (err) {
          // sent again later under the same ids: counted once
          this.journalOutage.down((err as Error).message, 'its batches wait there');
          this.scheduleRetry(this.retryMs);
          return;
        }
      } else {
        this.held.splice(0, next.length);
        this.heldEvents -= eventsIn(next);
      }
    }
  }

  /** the queue outage the buffer is riding through, if any */
  queueDown(): { since: number; reason: string } | null {
    return this.queueOutage.current();
  }

  getStats(): EventBufferStats {
    return {
      ...this.stats,
      buffered: this.pending.length + this.inFlight + this.heldEvents,
      journaled: this.journal?.current().events ?? 0,
    };
  }

  /**
   * flushes and refuses further events; one last try hands the waiting batches over. what the journal
   * still holds is handed over at the next start; what memory still holds is lost, counted and logged
   */
  async close(): Promise<void> {
    this.closed = true;
    await this.flush();
    if (this.retryTimer) {
      clearTimeout(this.retryTimer);
      this.retryTimer = null;
    }
    if (this.backlogged()) {
      this.flushing = this.flushing.then(() => this.drain());
      await this.flushing;
    }
    if (this.retryTimer) {
      clearTimeout(this.retryTimer);
      this.retryTimer = null;
    }
    if (this.heldEvents > 0) {
      this.stats.dropped += this.heldEvents;
      this.logger.error(
        `analytics: ${this.heldEvents} event(s) could not be handed over before stopping and are lost (${this.stats.dropped} dropped in all)`,
      );
      this.held = [];
      this.heldEvents = 0;
    } else if (this.stats.dropped > 0) {
      this.logger.warn(`analytics: ${this.stats.dropped} event(s) dropped in all since start`);
    }
    const journaled = this.journal?.current().events ?? 0;
    if (journaled > 0) {
      this.logger.warn(`analytics: ${journaled} event(s) wait in the journal for the next start`);
    }
  }
}
