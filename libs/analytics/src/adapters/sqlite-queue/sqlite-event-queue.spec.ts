import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EventBatch } from '../../events';
import { sampleEvent } from '../../testing/sample-events';
import {
  SqliteDeadLetters,
  SqliteEventConsumer,
  SqliteEventQueue,
  SqliteQueueDatabase,
} from './sqlite-event-queue';

const batch = (id: string, n = 2): EventBatch => ({
  id,
  events: Array.from({ length: n }, () => sampleEvent({ profileId: 'p' })),
});

async function until(check: () => boolean | Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('embedded durable queue (SQLite)', () => {
  let dir: string;
  const logger = { error: jest.fn() };
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'cardcraft-queue-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps queued batches across a restart until they are processed', async () => {
    const file = join(dir, 'cardcraft.db');
    const first = new SqliteQueueDatabase(file);
    await new SqliteEventQueue(first).enqueue([batch('b1'), batch('b2', 3)]);
    first.close(); // the process stops before any worker ran

    const second = new SqliteQueueDatabase(file);
    const queue = new SqliteEventQueue(second);
    const consumer = new SqliteEventConsumer(
      second,
      queue,
      { file, attempts: 3, backoffMs: 10, pollMs: 20 },
      logger,
    );
    const seen: string[] = [];
    await consumer.start(async (name, b) => {
      expect(name).toBe('analytics.ingest-batch');
      seen.push(`${b.id}:${b.events.length}`);
    });
    await until(() => seen.length === 2);
    expect(seen).toEqual(['b1:2', 'b2:3']);
    await consumer.close();
    expect(second.db.prepare('SELECT count(*) AS n FROM analytics_queue').get()).toEqual({ n: 0 });
    second.close();
  });

  it('retries with backoff, keeps a batch that failed its last try as a dead letter, and replays it', async () => {
    const file = join(dir, 'cardcraft.db');
    const db = new SqliteQueueDatabase(file);
    const queue = new SqliteEventQueue(db);
    const consumer = new SqliteEventConsumer(
      db,
      queue,
      { file, attempts: 3, backoffMs: 10, pollMs: 10 },
      logger,
    );
    const tries: number[] = [];
    let failing = true;
    const done: string[] = [];
    await consumer.start(async (_name, b) => {
      tries.push(Date.now());
      if (failing) throw new Error('ClickHouse is down');
      done.push(b.id);
    });
    await queue.enqueue([batch('dead-1')]);
    const letters = new SqliteDeadLetters(db);
    await until(async () => (await letters.count()) === 1);
    expect(tries).toHaveLength(3);
    // exponential: 10 ms, then 20 ms
    expect(tries[2] - tries[1]).toBeGreaterThanOrEqual(tries[1] - tries[0]);
    expect(logger.error).toHaveBeenCalledWith(expect.stringContaining('dead letter'));

    failing = false;
    expect(await letters.replay()).toEqual({ replayed: 1 });
    await until(() => done.length === 1);
    expect(done).toEqual(['dead-1']);
    expect(await letters.count()).toBe(0);
    await consumer.close();
    db.close();
  });
});
