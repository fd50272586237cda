import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  startClickHouseHttpFixture,
  type ClickHouseHttpFixture,
} from '../../../infra/test/clickhouse-http-fixture';
import { startTestRedis, uniquePrefix, type TestRedis } from '../../../infra/test/redis';
import { BullmqEventConsumer, BullmqEventQueue, DEFAULT_BULLMQ_OPTIONS } from './adapters/bullmq';
import { ClickHouseAnalyticsStore } from './adapters/clickhouse/clickhouse-analytics-store';
import {
  DEFAULT_SQLITE_QUEUE_OPTIONS,
  SqliteEventConsumer,
  SqliteEventQueue,
  SqliteQueueDatabase,
  SqliteSaltStore,
} from './adapters/sqlite-queue';
import { EventEnricher } from './enrichment/enricher';
import { GeoLookup } from './enrichment/geo';
import { UserAgentParser } from './enrichment/user-agent';
import { VisitorHasher } from './enrichment/visitor-id';
import type { EventBatch, StoredEvent } from './events';
import { BatchProcessor } from './ingest/batch-processor';
import { buildJobHandlers, runJob, type ProfileErasure } from './jobs';
import type { EventConsumer, EventEraser, EventWriter } from './ports';
import { parseRange } from './read/analytics-read.service';
import {
  DEFAULT_RAW_RETENTION_DAYS,
  analyticsConfigDefaults,
  redisQueueDefaults,
  type AnalyticsConfig,
} from './config';
import { startApiAnalytics, startWorkerAnalytics, type ApiAnalytics, type WorkerAnalytics } from './runtime';
import { IPS, USER_AGENTS, sampleEvent } from './testing/sample-events';
import { batchesOnly } from './testing/jobs';

const quiet = { log: () => undefined, warn: () => undefined, error: () => undefined };

async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean, timeoutMs = 5000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > end) throw new Error(`not reached in ${timeoutMs} ms: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const lastHour = () =>
  parseRange(new Date(Date.now() - 3_600_000).toISOString(), new Date(Date.now() + 60_000).toISOString());

/**
 * a worker over the given consumer whose store fails the first `failures` deletes: the erase must be
 * retried by the queue until it goes through. returns how many deletes were tried.
 */
async function eraseWorker(
  consumer: EventConsumer,
  store: EventWriter & EventEraser,
  failures: number,
): Promise<{ deletes: () => number }> {
  let deletes = 0;
  const flaky = Object.assign(Object.create(store) as EventWriter & EventEraser, {
    deleteProfileEvents: async (profileId: string) => {
      deletes += 1;
      if (deletes <= failures) throw new Error('ClickHouse is down');
      await store.deleteProfileEvents(profileId);
    },
  });
  const sqlite = new SqliteQueueDatabase(':memory:');
  const processor = new BatchProcessor(
    new EventEnricher(
      await GeoLookup.open(),
      new UserAgentParser(),
      new VisitorHasher(new SqliteSaltStore(sqlite)),
      new Set(),
    ),
    flaky,
  );
  const handlers = buildJobHandlers([
    {
      name: 'analytics.ingest-batch',
      handler: async (batch: EventBatch) => void (await processor.process(batch)),
    },
    {
      name: 'analytics.erase-profile',
      handler: (erasure: ProfileErasure) => processor.erase(erasure.profileId),
    },
  ]);
  await consumer.start((job) => runJob(handlers, job));
  return { deletes: () => deletes };
}

describe('analytics runtime, embedded mode (SQLite queue, chDB)', () => {
  let dir: string;
  let runtime: ApiAnalytics;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'cardcraft-embedded-'));
    const defaults = analyticsConfigDefaults(dir);
    runtime = await startApiAnalytics({ ...defaults, queue: { ...defaults.queue, backoffMs: 50 } }, quiet, {
      embeddedWorker: true,
    });
  }, 30_000);
  afterAll(async () => {
    await runtime?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('shows a tracked view in the summary within a few seconds', async () => {
    expect(runtime.mode).toEqual({ queue: 'sqlite', store: 'chdb' });
    const started = Date.now();
    runtime.track(
      sampleEvent({ profileId: 'embedded-p', userAgent: USER_AGENTS.iphone, ip: IPS.gbBracknell }),
    );
    const summary = await until(
      () => runtime.reader.summary('embedded-p', lastHour()),
      (s) => s.totalVisits === 1,
    );
    expect(summary.visitsByCountry).toEqual({ GB: 1 });
    expect(summary.visitsByDevice).toEqual({ mobile: 1 });
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('erases a profile through the queue; a view tracked after that is not stored', async () => {
    runtime.track(sampleEvent({ profileId: 'embedded-erased' }));
    runtime.track(sampleEvent({ profileId: 'embedded-kept' }));
    await until(
      async () => (await runtime.reader.summary('embedded-erased', lastHour())).totalVisits,
      (n) => n === 1,
    );
    await runtime.eraseProfile('embedded-erased');
    await until(
      async () => (await runtime.reader.summary('embedded-erased', lastHour())).totalVisits,
      (n) => n === 0,
    );
    // a view still in the buffer when the card was deleted reaches the queue after the erase
    runtime.track(sampleEvent({ profileId: 'embedded-erased' }));
    runtime.track(sampleEvent({ profileId: 'embedded-kept' }));
    await until(
      async () => (await runtime.reader.summary('embedded-kept', lastHour())).totalVisits,
      (n) => n === 2,
    );
    expect((await runtime.reader.summary('embedded-erased', lastHour())).totalVisits).toBe(0);
  });

  it('retries an erase while the store fails (SQLite queue)', async () => {
    const store = runtime.store;
    const db = new SqliteQueueDatabase(join(dir, 'erase-retry.db'));
    const queue = new SqliteEventQueue(db);
    const consumer = new SqliteEventConsumer(
      db,
      queue,
      { ...DEFAULT_SQLITE_QUEUE_OPTIONS, file: join(dir, 'erase-retry.db'), backoffMs: 20, pollMs: 10 },
      quiet,
    );
    try {
      const worker = await eraseWorker(consumer, store, 2);
      await queue.enqueue([
        { id: 'erase-retry-seed', events: [sampleEvent({ profileId: 'embedded-retried' })] },
      ]);
      await until(
        async () => (await runtime.reader.summary('embedded-retried', lastHour())).totalVisits,
        (n) => n === 1,
      );
      await queue.enqueueErase({ profileId: 'embedded-retried' });
      await until(
        async () => (await runtime.reader.summary('embedded-retried', lastHour())).totalVisits,
        (n) => n === 0,
      );
      expect(worker.deletes()).toBe(3);
      expect(db.db.prepare('SELECT count(*) AS n FROM analytics_queue').get()).toEqual({ n: 0 });
    } finally {
      await consumer.close();
      db.close();
    }
  });
});

describe('analytics runtime, cluster mode (BullMQ on Redis, ClickHouse over HTTP)', () => {
  let dir: string;
  let redis: TestRedis;
  let fixture: ClickHouseHttpFixture;
  let config: AnalyticsConfig;
  let api: ApiAnalytics;
  let worker: WorkerAnalytics;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'cardcraft-cluster-'));
    [redis, fixture] = await Promise.all([
      startTestRedis(),
      startClickHouseHttpFixture({ dir: join(dir, 'ch') }),
    ]);
    const defaults = analyticsConfigDefaults(dir);
    config = {
      ...defaults,
      queue: { ...redisQueueDefaults(redis.url, dir), prefix: uniquePrefix('cluster'), backoffMs: 50 },
      store: {
        kind: 'http',
        url: fixture.url,
        rawRetentionDays: DEFAULT_RAW_RETENTION_DAYS,
        migrateAtStart: true,
      },
    };
    // two processes' worth: the api produces and reads, the worker consumes
    api = await startApiAnalytics(config, quiet, { embeddedWorker: false });
    worker = await startWorkerAnalytics(config, quiet);
  }, 30_000);
  afterAll(async () => {
    await api?.close();
    await worker?.close();
    await fixture?.stop();
    await redis?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('shows a tracked view in the summary within a few seconds', async () => {
    expect(api.mode).toEqual({ queue: 'bullmq', store: 'http' });
    const started = Date.now();
    api.track(
      sampleEvent({ profileId: 'cluster-p', userAgent: USER_AGENTS.ipad, ip: IPS.deNuremberg, userId: 'u1' }),
    );
    api.track(sampleEvent({ profileId: 'cluster-p', type: 'vcard_saved' }));
    const summary = await until(
      () => api.reader.summary('cluster-p', lastHour()),
      (s) => s.totalVisits === 1 && s.engagement.vcard_saved === 1,
    );
    expect(summary).toMatchObject({
      authenticatedVisits: 1,
      visitsByCountry: { DE: 1 },
      visitsByDevice: { tablet: 1 },
    });
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('erases a profile through the queue', async () => {
    api.track(sampleEvent({ profileId: 'cluster-erased' }));
    await until(
      async () => (await api.reader.summary('cluster-erased', lastHour())).totalVisits,
      (n) => n === 1,
    );
    await api.eraseProfile('cluster-erased');
    await until(
      async () => (await api.reader.summary('cluster-erased', lastHour())).totalVisits,
      (n) => n === 0,
    );
    api.track(sampleEvent({ profileId: 'cluster-erased' }));
    api.track(sampleEvent({ profileId: 'cluster-kept' }));
    await until(
      async () => (await api.reader.summary('cluster-kept', lastHour())).totalVisits,
      (n) => n === 1,
    );
    expect((await api.reader.summary('cluster-erased', lastHour())).totalVisits).toBe(0);
  });

  it('retries an erase while the store fails (BullMQ)', async () => {
    const store = ClickHouseAnalyticsStore.open({ transport: { kind: 'http', url: fixture.url } });
    const options = {
      ...DEFAULT_BULLMQ_OPTIONS,
      redisUrl: redis.url,
      prefix: uniquePrefix('erase-retry'),
      attempts: 5,
      backoffMs: 20,
    };
    const queue = new BullmqEventQueue(options);
    const consumer = new BullmqEventConsumer(options, quiet);
    try {
      const worker = await eraseWorker(consumer, store, 2);
      await queue.enqueue([
        { id: 'erase-retry-seed', events: [sampleEvent({ profileId: 'cluster-retried' })] },
      ]);
      await until(
        async () => (await api.reader.summary('cluster-retried', lastHour())).totalVisits,
        (n) => n === 1,
      );
      await queue.enqueueErase({ profileId: 'cluster-retried' });
      await until(
        async () => (await api.reader.summary('cluster-retried', lastHour())).totalVisits,
        (n) => n === 0,
      );
      expect(worker.deletes()).toBe(3);
      await until(
        async () => (await queue.counts()).completed,
        (n) => n === 2,
      );
    } finally {
      await consumer.close();
      await queue.close();
      await store.close();
    }
  });

  it('counts a batch once when its insert landed but the job failed and was retried', async () => {
    const store = ClickHouseAnalyticsStore.open({ transport: { kind: 'http', url: fixture.url } });
    const sqlite = new SqliteQueueDatabase(':memory:');
    let inserts = 0;
    // the insert succeeds, then the worker "crashes" before acknowledging: the queue retries the batch
    const flaky = Object.assign(Object.create(store) as ClickHouseAnalyticsStore, {
      insertEvents: async (batchId: string, rows: StoredEvent[]) => {
        await store.insertEvents(batchId, rows);
        inserts += 1;
        if (inserts === 1) throw new Error('lost the acknowledgement');
      },
    });
    const processor = new BatchProcessor(
      new EventEnricher(
        await GeoLookup.open(),
        new UserAgentParser(),
        new VisitorHasher(new SqliteSaltStore(sqlite)),
        new Set(),
      ),
      flaky,
    );
    const options = {
      ...DEFAULT_BULLMQ_OPTIONS,
      redisUrl: redis.url,
      prefix: uniquePrefix('retry'),
      attempts: 3,
      backoffMs: 20,
    };
    const queue = new BullmqEventQueue(options);
    const consumer = new BullmqEventConsumer(options, quiet);
    try {
      await consumer.start(batchesOnly(async (batch) => void (await processor.process(batch))));
      await queue.enqueue([
        {
          id: 'retried-batch',
          events: Array.from({ length: 50 }, () => sampleEvent({ profileId: 'retry-p' })),
        },
      ]);
      await until(
        async () => inserts,
        (n) => n === 2,
      );
      const summary = await api.reader.summary('retry-p', lastHour());
      expect(summary.totalVisits).toBe(50);
    } finally {
      await consumer.close();
      await queue.close();
      await store.close();
      sqlite.close();
    }
  });
});
