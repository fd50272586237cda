/**
 * what wakes the dispatcher when a delivery falls due. the store's rows are the queue; a wake-up only
 * says "look now", so one lost (a restart, redis going away) delays a delivery until the sweep, never
 * loses it. embedded: a timer in this process; the cluster: BullMQ delayed jobs, taken by one replica.
 */
export interface WebhookWakeups {
  /** wake() is called whenever a scheduled time comes */
  start(wake: () => void): Promise<void>;
  /** a wake-up at `at` (now or later); wake-ups close together may come as one */
  schedule(at: Date): Promise<void>;
  close(): Promise<void>;
}

export const WEBHOOK_WAKEUPS = Symbol('WEBHOOK_WAKEUPS');

/** the longest a node timer waits */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** the embedded product's wake-ups: one timer, set for the earliest time asked */
export class TimerWakeups implements WebhookWakeups {
  private wake: (() => void) | null = null;
  private timer: NodeJS.Timeout | null = null;
  private at = Infinity;

  async start(wake: () => void): Promise<void> {
    this.wake = wake;
  }

  async schedule(at: Date): Promise<void> {
    const time = at.getTime();
    if (!this.wake || time >= this.at) return;
    if (this.timer) clearTimeout(this.timer);
    this.at = time;
    this.timer = setTimeout(
      () => {
        this.timer = null;
        this.at = Infinity;
        this.wake?.();
      },
      Math.min(Math.max(0, time - Date.now()), MAX_TIMER_MS),
    );
    // a wait for a delivery does not keep the process alive
    this.timer.unref();
  }

  async close(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.wake = null;
  }
}
