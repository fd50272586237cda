import { TooManyRequestsError } from './errors';

/**
 * a fixed-window counter per key, in process memory: enough to stop a single client hammering the
 * sign-in or message endpoints. behind several replicas each one counts on its own.
 */
export class RateLimiter {
  private readonly windows = new Map<string, { startedAt: number; count: number }>();

  constructor(
    private readonly limit: number,
    private readonly windowMs = 60_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** throws TooManyRequestsError once the key has used up its window */
  consume(key: string): void {
    const now = this.now();
    const window = this.windows.get(key);
    if (!window || now - window.startedAt >= this.windowMs) {
      if (this.windows.size > 10_000) this.sweep(now);
      this.windows.set(key, { startedAt: now, count: 1 });
      return;
    }
    window.count += 1;
    if (window.count > this.limit)
      throw new TooManyRequestsError('Too many requests, please try again in a minute');
  }

  private sweep(now: number): void {
    for (const [key, window] of this.windows)
      if (now - window.startedAt >= this.windowMs) this.windows.delete(key);
  }
}
