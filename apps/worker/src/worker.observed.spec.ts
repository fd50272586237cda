import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { v7 as uuidv7 } from 'uuid';
import {
  startClickHouseHttpFixture,
  type ClickHouseHttpFixture,
} from '../../../infra/test/clickhouse-http-fixture';
import { startTestRedis, uniquePrefix, type TestRedis } from '../../../infra/test/redis';
import { BullmqEventQueue, DEFAULT_BULLMQ_OPTIONS } from '../../../libs/analytics/src/adapters/bullmq';
import { ClickHouseAnalyticsStore } from '../../../libs/analytics/src/adapters/clickhouse/clickhouse-analytics-store';
import type { EventBatch } from '../../../libs/analytics/src/events';
import { sampleEvent } from '../../../libs/analytics/src/testing/sample-events';
import { sampleValue } from '../../../libs/observability/src/testing/exposition';
import { freePort } from '../../../infra/test/services';
import { runFromSources, type RunningScript } from './testing/worker-process';

async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean, timeoutMs = 30_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await read().catch(() => undefined);
    if (value !== undefined && ok(value)) return value;
    if (Date.now() > end) throw new Error(`condition not met in time (last: ${JSON.stringify(value)})`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('the worker observed: its metrics port and its JSON lines', () => {
  let dir: string;
  let redis: TestRedis;
  let fixture: ClickHouseHttpFixture;
  let worker: RunningScript | undefined;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'cardcraft-observed-'));
    [redis, fixture] = await Promise.all([
      startTestRedis(),
      startClickHouseHttpFixture({ dir: join(dir, 'ch') }),
    ]);
    const store = ClickHouseAnalyticsStore.open({ transport: { kind: 'http', url: fixture.url } });
    await store.migrate();
    await store.close();
  }, 30_000);

  afterAll(async () => {
    if (worker && worker.process.exitCode === null) worker.process.kill('SIGKILL');
    await fixture?.stop();
    await redis?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('counts the batches and rows it inserted, shows the queue, and writes one JSON line a job', async () => {
    const prefix = uniquePrefix('observed');
    const metricsPort = await freePort();
    const batches: EventBatch[] = [3, 5, 2].map((n) => ({
      id: uuidv7(),
      events: Array.from({ length: n }, () => sampleEvent({ profileId: 'observed-profile' })),
    }));
    const producer = new BullmqEventQueue({ ...DEFAULT_BULLMQ_OPTIONS, redisUrl: redis.url, prefix });
    await producer.enqueue(batches);
    await producer.close();

    worker = runFromSources('apps/worker/src/main.ts', {
      REDIS_URL: redis.url,
      CLICKHOUSE_URL: fixture.url,
      DATA_DIR: dir,
      ANALYTICS_QUEUE_PREFIX: prefix,
      LOG_LEVEL: 'info',
      METRICS_PORT: String(metricsPort),
    });
    const lines: string[] = [];
    createInterface({ input: worker.process.stdout! }).on('line', (line) => lines.push(line));

    const scrape = async () => (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
    const text = await until(
      scrape,
      (body) => sampleValue(body, 'cardcraft_analytics_rows_inserted_total', { service: 'worker' }) === 10,
    );
    const worker_ = { service: 'worker' };
    expect(sampleValue(text, 'cardcraft_analytics_batches_inserted_total', worker_)).toBe(3);
    expect(
      sampleValue(text, 'cardcraft_analytics_insert_duration_seconds_count', { ...worker_, outcome: 'ok' }),
    ).toBe(3);
    expect(sampleValue(text, 'process_resident_memory_bytes', worker_)).toBeGreaterThan(0);
    const queue = await until(
      scrape,
      (body) => sampleValue(body, 'cardcraft_analytics_queue_jobs', { ...worker_, state: 'waiting' }) === 0,
    );
    expect(sampleValue(queue, 'cardcraft_analytics_queue_jobs', { ...worker_, state: 'dead' })).toBe(0);
    // only on loopback
    expect(text).not.toContain('http_request_duration_seconds_count{');

    worker.process.kill('SIGTERM');
    expect(await worker.exited()).toBe(0);
    const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    for (const entry of entries) expect(entry).toMatchObject({ service: 'worker', pid: worker.process.pid });
    const jobs = entries.filter((entry) => entry.msg === 'job done');
    expect(jobs.map((entry) => entry.jobId).sort()).toEqual(batches.map((batch) => batch.id).sort());
    for (const job of jobs) {
      expect(job).toMatchObject({ level: 'info', job: 'analytics.ingest-batch', ms: expect.any(Number) });
    }
    expect(jobs.map((job) => job.rows).sort()).toEqual([2, 3, 5]);
    expect(entries).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ msg: `Prometheus metrics on http://127.0.0.1:${metricsPort}/metrics` }),
        expect.objectContaining({ msg: 'stopped after 10 event(s)' }),
      ]),
    );
  }, 60_000);
});
