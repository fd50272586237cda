import { EventLoopSlices } from './event-loop';

const busyFor = (ms: number) => {
  const start = performance.now();
  while (performance.now() - start < ms) {
    // holds the event loop, as a long parse does
  }
};

describe('EventLoopSlices', () => {
  it('is due once its slice is used up, and a pause lets the waiting callbacks run first', async () => {
    const slices = new EventLoopSlices(20);
    expect(slices.due()).toBe(false);
    busyFor(25);
    expect(slices.due()).toBe(true);
    let waiting = false;
    setImmediate(() => {
      waiting = true;
    });
    await slices.pause();
    expect(waiting).toBe(true);
    // a new slice starts with the pause
    expect(slices.due()).toBe(false);
  });
});
