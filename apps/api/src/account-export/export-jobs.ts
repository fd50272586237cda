import { Injectable, Logger, type BeforeApplicationShutdown } from '@nestjs/common';

/** a job gets the runner's signal: it is aborted when the process stops before the job is done */
export type ExportJob = (signal: AbortSignal) => Promise<void>;

/** how many exports one process makes at once; the others wait their turn in memory */
const AT_ONCE = 1;
/** on stop: how long the exports being made may still take before they are cut short */
const SHUTDOWN_WAIT_MS = 5_000;

/**
 * runs the data exports of this process in the background, off the requests that asked for them, one
 * at a time: an export reads a whole account and compresses it, and must not crowd out the requests.
 * in memory only: the jobs of a process that dies are lost, and their exports are taken as failed
 * once they are an hour old (AccountExportService), so the owner can ask again. on a stop, jobs not
 * started yet and those still running after a short wait end as failed, with their mail, while the
 * stores and the mail are still open (before the shutdown hooks that close them).
 */
@Injectable()
export class ExportJobs implements BeforeApplicationShutdown {
  private readonly logger = new Logger('Exports');
  private readonly waiting: ExportJob[] = [];
  private readonly running = new Set<Promise<void>>();
  private readonly stop = new AbortController();

  run(job: ExportJob): void {
    this.waiting.push(job);
    this.next();
  }

  /** resolves when every job handed over so far has ended (tests) */
  async idle(): Promise<void> {
    while (this.running.size > 0 || this.waiting.length > 0) await Promise.allSettled([...this.running]);
  }

  async beforeApplicationShutdown(): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const waited = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, SHUTDOWN_WAIT_MS);
      timer.unref();
    });
    await Promise.race([Promise.allSettled([...this.running]), waited]);
    clearTimeout(timer);
    // from here every job sees the aborted signal: a waiting one fails at once, a running one soon
    this.stop.abort(new Error('the server is stopping'));
    this.next();
    await this.idle();
  }

  private next(): void {
    const limit = this.stop.signal.aborted ? Infinity : AT_ONCE;
    while (this.running.size < limit && this.waiting.length > 0) {
      const job = this.waiting.shift() as ExportJob;
      const task: Promise<void> = job(this.stop.signal)
        .catch((error: unknown) => this.logger.error(`an export job failed: ${(error as Error).message}`))
        .finally(() => {
          this.running.delete(task);
          this.next();
        });
      this.running.add(task);
    }
  }
}
