import type { EventBatch } from '../events';
import type { EventQueue, QueueDepth } from '../ports';
import { sampleEvent } from '../testing/sample-events';
import { EventBuffer } from './event-buffer';

class RecordingQueue implements EventQueue {
  calls: EventBatch[][] = [];
  fail = false;
  gate: Promise<void> = Promise.resolve();
  async enqueue(batches: EventBatch[]): Promise<void> {
    await this.gate;
    if (this.fail) throw new Error('redis is down');
    this.calls.push(batches);
  }
  async enqueueErase(): Promise<void> {
    throw new Error('the buffer only adds batches');
  }
  async ping(): Promise<void> {}
  async depth(): Promise<QueueDepth> {
    return { waiting: this.calls.length, active: 0, retrying: 0, dead: 0, oldestAgeSeconds: 0 };
  }
  async close(): Promise<void> {}
}

const logger = () => ({ warn: jest.fn(), error: jest.fn() });
const event = () => sampleEvent({ profileId: 'p' });

describe('event buffer', () => {
  it('sends what arrived within the flush time in one round trip', async () => {
    const queue = new RecordingQueue();
    const buffer = new EventBuffer(queue, { flushMs: 20, maxBatch: 100, maxBuffered: 1000 }, logger());
    for (let i = 0; i < 30; i++) buffer.push(event());
    expect(queue.calls).toHaveLength(0);
    await new Promise((r) => setTimeout(r, 60));
    expect(queue.calls).toHaveLength(1);
    expect(queue.calls[0]).toHaveLength(1);
    expect(queue.calls[0][0].events).toHaveLength(30);
  });

  it('flushes at once when a batch is full, and splits into batches of at most maxBatch', async () => {
    const queue = new RecordingQueue();
    const buffer = new EventBuffer(queue, { flushMs: 10_000, maxBatch: 10, maxBuffered: 1000 }, logger());
    for (let i = 0; i < 25; i++) buffer.push(event());
    await buffer.close();
    const sizes = queue.calls.flat().map((b) => b.events.length);
    expect(sizes).toEqual([10, 10, 5]);
    expect(new Set(queue.calls.flat().map((b) => b.id)).size).toBe(3);
  });

  it('is bounded: beyond maxBuffered events are dropped, counted and logged once', async () => {
    const queue = new RecordingQueue();
    let open!: () => void;
    queue.gate = new Promise((r) => (open = r));
    const log = logger();
    const buffer = new EventBuffer(queue, { flushMs: 10_000, maxBatch: 5, maxBuffered: 10 }, log);
    for (let i = 0; i < 14; i++) buffer.push(event());
    expect(buffer.getStats()).toMatchObject({ buffered: 10, dropped: 4 });
    expect(log.warn).toHaveBeenCalledTimes(1);
    open();
    await buffer.close();
    expect(buffer.getStats()).toMatchObject({ buffered: 0, enqueued: 10, dropped: 4 });
  });

  it('counts a refused flush as lost events and keeps working', async () => {
    const queue = new RecordingQueue();
    queue.fail = true;
    const log = logger();
    const buffer = new EventBuffer(queue, { flushMs: 1, maxBatch: 5, maxBuffered: 100 }, log);
    buffer.push(event());
    await buffer.flush();
    expect(buffer.getStats()).toMatchObject({ dropped: 1, failedFlushes: 1 });
    expect(log.error).toHaveBeenCalled();
    queue.fail = false;
    buffer.push(event());
    await buffer.close();
    expect(buffer.getStats().enqueued).toBe(1);
  });

  it('flushes on close and takes nothing after', async () => {
    const queue = new RecordingQueue();
    const buffer = new EventBuffer(queue, { flushMs: 10_000, maxBatch: 100, maxBuffered: 100 }, logger());
    buffer.push(event());
    await buffer.close();
    buffer.push(event());
    expect(queue.calls.flat().flatMap((b) => b.events)).toHaveLength(1);
    expect(buffer.getStats().dropped).toBe(1);
  });
});
