import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteBatchJournal } from '../adapters/sqlite-journal/sqlite-batch-journal';
import type { EventBatch } from '../events';
import type { EventQueue, QueueDepth, QueueProgress } from '../ports';
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
  async progress(): Promise<QueueProgress> {
    return { waiting: 0, lastStoredAt: null };
  }
  async close(): Promise<void> {}
  ids(): string[] {
    return this.calls.flat().flatMap((b) => b.events.map((e) => e.ts));
  }
}

const logger = () => ({ log: jest.fn(), warn: jest.fn(), error: jest.fn() });
const until = async (done: () => boolean, ms = 5000) => {
  const deadline = Date.now() + ms;
  while (!done()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 5));
  }
};
/** events told apart by their time */
let clock = Date.parse('2026-05-01T00:00:00Z');
const numbered = () => sampleEvent({ profileId: 'p', ts: new Date(clock++).toISOString() });
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

  it('does not wait on a late timer: once the window has passed, the next event flushes at once', async () => {
    const queue = new RecordingQueue();
    const buffer = new EventBuffer(queue, { flushMs: 25, maxBatch: 1000, maxBuffered: 1000 }, logger());
    buffer.push(event());
    // the event loop is busy (a consumer working through a backlog): the 25 ms timer cannot fire
    const until = Date.now() + 60;
    while (Date.now() < until) {
      // busy
    }
    buffer.push(event());
    // no timer ran: the push itself handed both over
    await Promise.resolve();
    await Promise.resolve();
    expect(queue.calls.flat().flatMap((b) => b.events)).toHaveLength(2);
    await buffer.close();
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

  it('holds a refused flush in memory (no journal), retries it, and keeps the order', async () => {
    const queue = new RecordingQueue();
    queue.fail = true;
    const log = logger();
    const buffer = new EventBuffer(queue, { flushMs: 1, maxBatch: 5, maxBuffered: 100, retryMs: 20 }, log);
    const sent = Array.from({ length: 3 }, numbered);
    buffer.push(sent[0]);
    await buffer.flush();
    expect(buffer.getStats()).toMatchObject({ dropped: 0, failedFlushes: 1, buffered: 1 });
    // later events wait behind the held batch
    buffer.push(sent[1]);
    await buffer.flush();
    expect(queue.calls).toHaveLength(0);
    // one line for the outage, whatever the number of tries
    await new Promise((r) => setTimeout(r, 100));
    expect(log.warn).toHaveBeenCalledTimes(1);
    expect(log.warn).toHaveBeenCalledWith(
      expect.stringMatching(/the analytics queue is unavailable \(redis is down\)/),
    );
    queue.fail = false;
    await until(() => buffer.getStats().buffered === 0);
    expect(log.log).toHaveBeenCalledWith(
      expect.stringMatching(/the analytics queue is back after \d+\.\d s/),
    );
    buffer.push(sent[2]);
    await buffer.close();
    expect(queue.ids()).toEqual(sent.map((e) => e.ts));
    expect(buffer.getStats()).toMatchObject({ enqueued: 3, dropped: 0 });
  });

  it('takes a hand-over that does not answer as refused, within the timeout', async () => {
    const queue = new RecordingQueue();
    queue.gate = new Promise(() => undefined);
    const buffer = new EventBuffer(
      queue,
      { flushMs: 1, maxBatch: 5, maxBuffered: 100, enqueueTimeoutMs: 50, retryMs: 10_000 },
      logger(),
    );
    buffer.push(numbered());
    const started = Date.now();
    await buffer.flush();
    expect(Date.now() - started).toBeLessThan(1000);
    expect(buffer.getStats()).toMatchObject({ failedFlushes: 1, buffered: 1, dropped: 0 });
  });

  it('counts every event lost to the memory cap exactly while the queue is away', async () => {
    const queue = new RecordingQueue();
    queue.fail = true;
    const log = logger();
    const buffer = new EventBuffer(queue, { flushMs: 1, maxBatch: 4, maxBuffered: 10, retryMs: 10 }, log);
    for (let i = 0; i < 25; i++) {
      buffer.push(numbered());
      if (i % 4 === 3) await buffer.flush();
    }
    await buffer.flush();
    expect(buffer.getStats()).toMatchObject({ buffered: 10, dropped: 15 });
    queue.fail = false;
    await until(() => buffer.getStats().buffered === 0);
    await buffer.close();
    expect(queue.ids()).toHaveLength(10);
    expect(buffer.getStats()).toMatchObject({ enqueued: 10, dropped: 15 });
  });

  describe('with a journal', () => {
    let dir: string;
    beforeEach(() => {
      dir = mkdtempSync(join(tmpdir(), 'cardcraft-journal-'));
    });
    afterEach(() => rmSync(dir, { recursive: true, force: true }));

    it('spills what the queue refuses to the journal, not to memory, and drains it in order', async () => {
      const queue = new RecordingQueue();
      queue.fail = true;
      const journal = new SqliteBatchJournal(join(dir, 'journal.sqlite'));
      const buffer = new EventBuffer(
        queue,
        { flushMs: 1, maxBatch: 10, maxBuffered: 20, retryMs: 20 },
        logger(),
        journal,
      );
      // far more than the memory cap: the journal holds them
      const sent = Array.from({ length: 200 }, numbered);
      for (const [i, event] of sent.entries()) {
        buffer.push(event);
        if (i % 10 === 9) await buffer.flush();
      }
      await buffer.flush();
      expect(buffer.getStats()).toMatchObject({ dropped: 0, journaled: 200 });
      expect(buffer.getStats().buffered).toBe(0);
      queue.fail = false;
      await until(() => buffer.getStats().journaled === 0);
      await buffer.close();
      expect(queue.ids()).toEqual(sent.map((e) => e.ts));
      expect(journal.current()).toEqual({ batches: 0, events: 0 });
      journal.close();
    });

    it('keeps what it could not hand over for the next start, which drains it first', async () => {
      const file = join(dir, 'journal.sqlite');
      const down = new RecordingQueue();
      down.fail = true;
      const first = new SqliteBatchJournal(file);
      const before = new EventBuffer(
        down,
        { flushMs: 1, maxBatch: 10, maxBuffered: 100, retryMs: 10_000 },
        logger(),
        first,
      );
      const sent = Array.from({ length: 15 }, numbered);
      for (const event of sent.slice(0, 12)) before.push(event);
      await before.close();
      first.close();

      const up = new RecordingQueue();
      const second = new SqliteBatchJournal(file);
      expect(second.current()).toEqual({ batches: 2, events: 12 });
      const after = new EventBuffer(
        up,
        { flushMs: 1, maxBatch: 10, maxBuffered: 100, retryMs: 10 },
        logger(),
        second,
      );
      await until(() => second.current().batches === 0);
      for (const event of sent.slice(12)) after.push(event);
      await after.close();
      expect(up.ids()).toEqual(sent.map((e) => e.ts));
      // the batch ids survive the journal: a copy that also reached the queue counts once
      expect(new Set(up.calls.flat().map((b) => b.id)).size).toBe(3);
      second.close();
    });
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
