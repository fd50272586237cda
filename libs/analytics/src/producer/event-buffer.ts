import { v7 as uuidv7 } from 'uuid';
import type { AnalyticsEvent, EventBatch } from '../events';
import type { EventQueue } from '../ports';

export interface EventBufferOptions {
  /** flush this long after the first buffered event */
  flushMs: number;
  /** events per batch (one job, one insert) */
  maxBatch: number;
  /** events held in memory at most, including those being sent; beyond it events are dropped and counted */
  maxBuffered: number;
}

export interface EventBufferStats {
  buffered: number;
  enqueued: number;
  dropped: number;
  failedFlushes: number;
}

interface Logger {
  warn(message: string): void;
  error(message: string): void;
}

/**
 * keeps the request path off the queue: events wait here a few milliseconds and go out in one bulk
 * add, never one round trip per request. bounded; an overflow is counted and logged, not thrown.
 */
export class EventBuffer {
  private pending: AnalyticsEvent[] = [];
  private inFlight = 0;
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();
  private closed = false;
  private lastOverflowLog = 0;
  private readonly stats: EventBufferStats = { buffered: 0, enqueued: 0, dropped: 0, failedFlushes: 0 };

  constructor(
    private readonly queue: EventQueue,
    private readonly options: EventBufferOptions,
    private readonly logger: Logger,
  ) {}

  /** never throws and never waits: recording a view must not slow the page */
  push(event: AnalyticsEvent): void {
    if (this.closed || this.pending.length + this.inFlight >= this.options.maxBuffered) {
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
    this.pending.push(event);
    if (this.pending.length >= this.options.maxBatch) void this.flush();
    else if (!this.timer) this.timer = setTimeout(() => void this.flush(), this.options.flushMs);
  }

  /** sends what is buffered; resolves when it is on the queue (or counted as lost) */
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
        await this.queue.enqueue(batches);
        this.stats.enqueued += events.length;
      } catch (err) {
        this.stats.failedFlushes += 1;
        this.stats.dropped += events.length;
        this.logger.error(`analytics queue refused ${events.length} event(s): ${(err as Error).message}`);
      } finally {
        this.inFlight -= events.length;
      }
    });
    return this.flushing;
  }

  getStats(): EventBufferStats {
    return { ...this.stats, buffered: this.pending.length + this.inFlight };
  }

  /** flushes and refuses further events */
  async close(): Promise<void> {
    this.closed = true;
    await this.flush();
  }
}
