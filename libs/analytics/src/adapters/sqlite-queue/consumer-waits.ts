/**
 * the consumer's two waits: the poll between rounds, which an enqueue ends early, and the spacing
 * between two inserts of events, which only close() ends early
 */
export class ConsumerWaits {
  private wake: (() => void) | null = null;
  private endSpacing: (() => void) | null = null;
  /** when the last insert of events ended (performance.now()); -Infinity before the first */
  private lastInsertEnded = -Infinity;

  constructor(
    private readonly pollMs: number,
    private readonly insertIntervalMs: number,
  ) {}

  /** waits pollMs, or until wakeUp() */
  async poll(): Promise<void> {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, this.pollMs);
      this.wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
    this.wake = null;
  }

  /** ends the poll under way, if any: there is work */
  wakeUp(): void {
    this.wake?.();
  }

  /** backlog: a full insert's worth is still due, so the next insert need not wait */
  noteInsertEnded({ backlog }: { backlog: boolean }): void {
    this.lastInsertEnded = backlog ? -Infinity : performance.now();
  }

  /** waits until insertIntervalMs has passed since the last insert of events; enqueues do not end it */
  async spaceInserts(): Promise<void> {
    const wait = this.lastInsertEnded + this.insertIntervalMs - performance.now();
    if (wait <= 0) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, wait);
      this.endSpacing = () => {
        clearTimeout(timer);
        resolve();
      };
    });
    this.endSpacing = null;
  }

  /** ends whichever wait is under way, for close() */
  endAll(): void {
    this.wake?.();
    this.endSpacing?.();
  }
}
