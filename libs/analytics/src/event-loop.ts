/**
 * the write path's slice. its loops (a group's payloads read and parsed, its events enriched) run
 * over up to 20 000 events at a time in the process that answers the cards; at 5 ms a slice the
 * page's p99 at half the product's maximum rate was 63 ms, at 1 ms 12 to 51 ms over the runs, and the
 * cpu a view costs did not move (docs/decisions/015-backlog-back-to-back.md)
 */
export const WRITE_PATH_SLICE_MS = 1;

/**
 * lets other work run (a card's page, a view) once the caller has held the event loop for `sliceMs`
 * since the last pause. for long loops in the process that also answers visitors: a dashboard's
 * first read turns up to a few hundred thousand raw events into the edge cache's columns.
 */
export class EventLoopSlices {
  private since = performance.now();

  constructor(private readonly sliceMs = 5) {}

  /** true when the slice is used up; then `pause()` */
  due(): boolean {
    return performance.now() - this.since >= this.sliceMs;
  }

  async pause(): Promise<void> {
    await new Promise<void>((resolve) => setImmediate(resolve));
    this.since = performance.now();
  }
}
