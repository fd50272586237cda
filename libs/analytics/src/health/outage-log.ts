interface OutageLogger {
  log(message: string): void;
  warn(message: string): void;
}

/** "12.3 s", "4 min 05 s": how long an outage lasted, for a log line */
export function formatDuration(ms: number): string {
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const minutes = Math.floor(ms / 60_000);
  const seconds = Math.round((ms % 60_000) / 1000);
  return `${minutes} min ${String(seconds).padStart(2, '0')} s`;
}

/**
 * one line when a dependency stops answering and one when it answers again (with how long it was
 * away), whatever the number of tries in between. `down` and `up` may be called on every try.
 */
export class OutageLog {
  private since: number | null = null;
  private reason = '';
  private failures = 0;

  constructor(
    /** what went away, as the lines name it: "the analytics queue (Redis)" */
    private readonly what: string,
    private readonly logger: OutageLogger,
    private readonly now: () => number = Date.now,
  ) {}

  /** a try failed; the first one of an outage is logged, with what the caller does meanwhile */
  down(reason: string, meanwhile: string): void {
    this.failures += 1;
    this.reason = reason;
    if (this.since !== null) return;
    this.since = this.now();
    this.logger.warn(`${this.what} is unavailable (${reason}); ${meanwhile}`);
  }

  /** a try succeeded; ends an outage, if one was logged */
  up(): void {
    if (this.since === null) return;
    const lasted = this.now() - this.since;
    const failures = this.failures;
    this.since = null;
    this.failures = 0;
    this.logger.log(`${this.what} is back after ${formatDuration(lasted)} (${failures} failed tries)`);
  }

  /** since when the dependency has been away and the last reason; null while it answers */
  current(): { since: number; reason: string } | null {
    return this.since === null ? null : { since: this.since, reason: this.reason };
  }
}
