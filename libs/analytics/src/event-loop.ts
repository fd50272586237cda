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
