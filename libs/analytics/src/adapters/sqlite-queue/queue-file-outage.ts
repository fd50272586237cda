interface Logger {
  error(message: string): void;
  log(message: string): void;
}

/**
 * an error of the data file itself (full, read-only, gone): the batches stay as they are and the
 * consumer tries again after its poll interval, never ending the process. it is logged once when it
 * starts and once when the file answers again, not on every try.
 */
export class QueueFileOutage {
  /** when the data file stopped answering; null while it answers */
  private downSince: number | null = null;

  constructor(
    private readonly logger: Logger,
    private readonly pollMs: number,
  ) {}

  failed(err: unknown): void {
    if (this.downSince !== null) return;
    this.downSince = Date.now();
    this.logger.error(
      `the analytics queue cannot be read or written: ${(err as Error).message}; its batches wait where they are, retrying every ${this.pollMs} ms`,
    );
  }

  answered(): void {
    if (this.downSince === null) return;
    const seconds = ((Date.now() - this.downSince) / 1000).toFixed(1);
    this.downSince = null;
    this.logger.log(`the analytics queue answers again, after ${seconds} s`);
  }
}
