import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { v7 as uuidv7 } from 'uuid';
import { uniquePrefix } from '../../../infra/test/redis';
import { BullmqEventQueue, DEFAULT_BULLMQ_OPTIONS } from '../../../libs/analytics/src/adapters/bullmq';
import type { EventBatch } from '../../../libs/analytics/src/events';
import { USER_AGENTS, sampleEvent } from '../../../libs/analytics/src/testing/sample-events';
import {
  runFromSources,
  startPipelineServices,
  storedRows,
  type PipelineServices,
  type RunningScript,
} from './testing/worker-process';

const BATCHES = 60;
const PER_BATCH = 500;
const TOTAL = BATCHES * PER_BATCH;
const PROFILE = 'kill-test-profile';

// SIGKILL: the batches in hand come back to the next worker when their lock expires. SIGTERM (a
// deploy, a scale-down): the worker finishes the batches in hand, closes its stores and exits 0
describe.each(['SIGKILL', 'SIGTERM'] as const)(
  'worker stopped in the middle of a batch (%s) and started again',
  (signal) => {
    let services: PipelineServices;
    let env: Record<string, string>;
    const children: RunningScript[] = [];
    const startWorker = () => {
      const worker = runFromSources('apps/worker/src/main.ts', env);
      children.push(worker);
      return worker;
    };

    beforeAll(async () => {
      services = await startPipelineServices('kill');
      env = {
        REDIS_URL: services.redis.url,
        CLICKHOUSE_URL: services.fixture.url,
        DATA_DIR: services.dir,
        ANALYTICS_QUEUE_PREFIX: uniquePrefix('kill'),
        ANALYTICS_CONCURRENCY: '2',
        // a killed worker's jobs come back after the lock expires
        ANALYTICS_LOCK_MS: '2000',
        ANALYTICS_STALLED_INTERVAL_MS: '1000',
        LOG_LEVEL: 'warn',
      };
    }, 30_000);

    afterAll(async () => {
      for (const child of children) if (child.process.exitCode === null) child.process.kill('SIGKILL');
      await services?.stop();
    });

    const stored = () => storedRows(services.store, PROFILE);

    it('loses nothing and counts nothing twice', async () => {
      const producer = new BullmqEventQueue({
        ...DEFAULT_BULLMQ_OPTIONS,
        redisUrl: services.redis.url,
        prefix: env.ANALYTICS_QUEUE_PREFIX,
      });
      const start = Date.parse('2026-05-01T00:00:00Z');
      const batches: EventBatch[] = Array.from({ length: BATCHES }, (_, b) => ({
        id: uuidv7(),
        events: Array.from({ length: PER_BATCH }, (_, i) =>
          sampleEvent({
            profileId: PROFILE,
            ts: new Date(start + (b * PER_BATCH + i) * 1000).toISOString(),
            ip: `10.0.${i % 97}.1`,
            userAgent: i % 2 ? USER_AGENTS.iphone : USER_AGENTS.windowsChrome,
          }),
        ),
      }));
      await producer.enqueue(batches);
      await producer.close();

      const first = startWorker();
      let atKill = await stored();
      while (atKill.rows < PER_BATCH) {
        await new Promise((r) => setTimeout(r, 15));
        atKill = await stored();
      }
      first.process.kill(signal);
      const firstExit = await first.exited();
      atKill = await stored();
      expect(atKill.rows).toBeLessThan(TOTAL);
      if (signal === 'SIGTERM') {
        expect(firstExit).toBe(0);
        // whole batches only: the ones in hand were finished, none was cut
        expect(atKill.rows % PER_BATCH).toBe(0);
      }

      const second = startWorker();
      const deadline = Date.now() + 60_000;
      let now = await stored();
      while (now.rows < TOTAL && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 100));
        now = await stored();
      }
      const connection = new Redis(services.redis.url, { maxRetriesPerRequest: null });
      const queue = new Queue(DEFAULT_BULLMQ_OPTIONS.queueName, {
        connection,
        prefix: env.ANALYTICS_QUEUE_PREFIX,
      });
      try {
        let counts = await queue.getJobCounts('completed', 'active', 'waiting', 'failed');
        while (counts.completed < BATCHES && Date.now() < deadline) {
          await new Promise((r) => setTimeout(r, 100));
          counts = await queue.getJobCounts('completed', 'active', 'waiting', 'failed');
        }
        expect(counts).toMatchObject({ completed: BATCHES, active: 0, waiting: 0, failed: 0 });
        // SIGKILL: the batch(es) in hand were taken back and done again by the second worker; SIGTERM:
        // they were finished by the first, and none stalled
        const completed = await queue.getJobs(['completed'], 0, BATCHES);
        const stalled = completed.filter((job) => job.stalledCounter > 0).length;
        if (signal === 'SIGKILL') expect(stalled).toBeGreaterThan(0);
        else expect(stalled).toBe(0);
      } finally {
        await queue.close();
        connection.disconnect();
      }
      expect(await stored()).toEqual({ rows: TOTAL, ids: TOTAL });

      second.process.kill('SIGTERM');
      expect(await second.exited()).toBe(0);
    }, 90_000);
  },
);
