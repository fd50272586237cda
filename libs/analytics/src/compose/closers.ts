/** what a process opened, closed in reverse order; every step runs even when one fails */
export class Closers {
  private readonly steps: Array<() => Promise<void> | void> = [];

  add(step: () => Promise<void> | void): void {
    this.steps.unshift(step);
  }

  async close(): Promise<void> {
    const errors: unknown[] = [];
    for (const step of this.steps.splice(0)) {
      try {
        await step();
      } catch (err) {
        errors.push(err);
      }
    }
    if (errors.length > 0) throw errors[0];
  }
}

/**
 * runs a composition with fresh closers: when a step fails, what the steps before it opened is
 * closed again and the step's error is thrown
 */
export async function composing<T>(compose: (closers: Closers) => Promise<T>): Promise<T> {
  const closers = new Closers();
  try {
    return await compose(closers);
  } catch (err) {
    await closers.close().catch(() => undefined);
    throw err;
  }
}
