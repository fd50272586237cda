import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { v7 as uuidv7 } from 'uuid';
import { startHttpGate, type HttpGate } from '../../../infra/test/http-gate';
import { uniquePrefix } from '../../../infra/test/redis';
import { BullmqEventQueue, DEFAULT_BULLMQ_OPTIONS } from '../../../libs/analytics/src/adapters/bullmq';
import { sampleEvent } from '../../../libs/analytics/src/testing/sample-events';
import {
  runFromSources,
  startPipelineServices,
  storedRows,
  type PipelineServices,
  type RunningScript,
} from './testing/worker-process';

const EVENTS = 50;
const PROFILE = 'stall-test-profile';

async function until<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean, ms = 30_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline)
      throw new Error(`timed out waiting for ${what} (last: ${JSON.stringify(value)})`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('one batch cut by two worker crashes (SIGKILL twice in the middle of it)', () => {
  let services: PipelineServices;
  let gate: HttpGate;
  let env: Record<string, string>;
  let connection: Redis;
  let queue: Queue;
  let dead: Queue;
  const children: RunningScript[] = [];

  beforeAll(async () => {
    services = await startPipelineServices('stalls');
    gate = await startHttpGate(services.fixture.url);
    gate.mode = 'hold-inserts';
    const prefix = uniquePrefix('stalls');
    env = {
      REDIS_URL: services.redis.url,
      CLICKHOUSE_URL: gate.url,
      DATA_DIR: services.dir,
      ANALYTICS_QUEUE_PREFIX: prefix,
      // two tries: the two cuts spend them both
      ANALYTICS_ATTEMPTS: '2',
      ANALYTICS_BACKOFF_MS: '300',
      ANALYTICS_CONCURRENCY: '1',
      // a killed worker's job comes back after the lock expires
      ANALYTICS_LOCK_MS: '2000',
      ANALYTICS_STALLED_INTERVAL_MS: '1000',
      LOG_LEVEL: 'info',
    };
    connection = new Redis(services.redis.url, { maxRetriesPerRequest: null });
    queue = new Queue(DEFAULT_BULLMQ_OPTIONS.queueName, { connection, prefix });
    dead = new Queue(`${DEFAULT_BULLMQ_OPTIONS.queueName}-dead`, { connection, prefix });
  }, 30_000);

  afterAll(async () => {
    for (const child of children) if (child.process.exitCode === null) child.process.kill('SIGKILL');
    await queue?.close();
    await dead?.close();
    connection?.disconnect();
    await gate?.stop();
    await services?.stop();
  });

  const stored = () => storedRows(services.store, PROFILE);

  const worker = () => {
    const child = runFromSources('apps/worker/src/main.ts', env);
    children.push(child);
    return child;
  };

  it('counts each cut as a try with backoff, dead-letters the batch once, and a replay stores it once', async () => {
    const batchId = uuidv7();
    const producer = new BullmqEventQueue({
      ...DEFAULT_BULLMQ_OPTIONS,
      redisUrl: services.redis.url,
      prefix: env.ANALYTICS_QUEUE_PREFIX,
      attempts: 2,
      backoffMs: 300,
    });
    await producer.enqueue([
      {
        id: batchId,
        events: Array.from({ length: EVENTS }, (_, i) =>
          sampleEvent({
            profileId: PROFILE,
            ts: new Date(Date.parse('2026-05-01T00:00:00Z') + i * 1000).toISOString(),
          }),
        ),
      },
    ]);
    await producer.close();

    // first cut: the worker is inside the batch's insert
    const first = worker();
    await until(
      'the first insert',
      async () => gate.held,
      (held) => held === 1,
    ).catch((err: Error) => {
      throw new Error(`${err.message}\n${first.output()}`);
    });
    first.process.kill('SIGKILL');
    await first.exited();

    // the second worker takes the stalled job back: the stall is a failed try, retried after the backoff
    const second = worker();
    await until(
      'the second insert',
      async () => gate.held,
      (held) => held === 2,
    );
    const job = await queue.getJob(batchId);
    expect(job?.attemptsMade).toBe(1);
    expect(job?.stalledCounter).toBe(1);
    expect(second.output()).toMatch(
      new RegExp(`analytics job ${batchId} \\(analytics.ingest-batch\\) was cut: .*counted as try 1 of 2`),
    );
    second.process.kill('SIGKILL');
    await second.exited();

    // the second cut spends the last try: the batch is failed, copied to the dead letters, logged once
    const third = worker();
    await until(
      'the dead letter',
      () => dead.getWaitingCount(),
      (count) => count === 1,
    ).catch(async (err: Error) => {
      const state = await queue.getJobState(batchId);
      const job = await queue.getJob(batchId);
      throw new Error(
        `${err.message}\nstate ${state} ${JSON.stringify({ made: job?.attemptsMade, stc: job?.stalledCounter, reason: job?.failedReason, held: gate.held })}\n${third.output()}`,
      );
    });
    // the copy is made before the job is marked failed (a crash in between means another try)
    await until(
      'the failed job',
      () => queue.getJobState(batchId),
      (state) => state === 'failed',
    );
    const failed = await queue.getJob(batchId);
    expect(failed?.failedReason).toMatch(/the worker holding it stopped in the middle of it \(2 time/);
    // the failed job keeps no raw ips; the dead letter keeps them for the replay
    expect(JSON.stringify(failed?.data)).not.toMatch(/"ip":"/);
    const [letter] = await dead.getWaiting(0, 0);
    expect(letter.id).toBe(batchId);
    expect((letter.data as { events: Array<{ ip?: string }> }).events[0].ip).toBeTruthy();
    await new Promise((r) => setTimeout(r, 1500));
    const lines = third
      .output()
      .split('\n')
      .filter((line) => line.includes('failed for good'));
    expect(lines).toHaveLength(1);
    // an error line (JSON lines since the logs went to pino)
    expect(lines[0]).toMatch(/"level":"error".*kept as a dead letter for replay-dead-letters/);
    expect(await stored()).toEqual({ rows: 0, ids: 0 });

    // the operator's replay finds it; the batch is stored once
    gate.mode = 'pass';
    const replay = runFromSources('apps/worker/src/replay-dead-letters.ts', env);
    expect(await replay.exited()).toBe(0);
    expect(replay.output()).toMatch(/dead letters: 1 waiting, 1 replayed onto the queue/);
    await until('the stored batch', stored, (now) => now.rows >= EVENTS);
    await new Promise((r) => setTimeout(r, 500));
    expect(await stored()).toEqual({ rows: EVENTS, ids: EVENTS });
    expect(await dead.getWaitingCount()).toBe(0);

    third.process.kill('SIGTERM');
    expect(await third.exited()).toBe(0);
  }, 120_000);
});
