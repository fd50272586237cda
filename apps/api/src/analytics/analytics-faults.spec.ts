import { spawn, spawnSync } from 'node:child_process';
import { closeSync, mkdirSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT } from '../platform/testing/paths';
import type {
  ErrorResponse,
  HealthResponse,
  ProfileResponse,
  VisitSummaryResponse,
} from '@cardcraft/contracts';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import {
  startClickHouseHttpFixture,
  type ClickHouseHttpFixture,
} from '../../../../infra/test/clickhouse-http-fixture';
import { startHttpGate, type HttpGate } from '../../../../infra/test/http-gate';
import { startOwnRedis, uniquePrefix, type OwnRedis } from '../../../../infra/test/redis';
import { DEFAULT_BULLMQ_OPTIONS } from '../../../../libs/analytics/src/adapters/bullmq';
import type { AnalyticsRuntime } from '@cardcraft/analytics';
import { eventually } from '../platform/testing/eventually';
import { ANALYTICS_RUNTIME } from './analytics.tokens';
import { createProfile, httpClient, registerUser, type HttpClient } from '../platform/testing/http';
import { startTestApp, type TestApp } from '../platform/testing/test-app';

const ROOT = REPO_ROOT;
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const range = () => {
  const from = new Date(Date.now() - 3_600_000).toISOString();
  const to = new Date(Date.now() + 120_000).toISOString();
  return `from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`;
};
const visitor = (i: number) => ({
  'user-agent': IPHONE,
  'x-forwarded-for': `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
});

/** tests that mount a filesystem run as root (CI does); elsewhere they say why they are skipped */
const asRoot = process.getuid?.() === 0;
const rootOnly = asRoot ? it : it.skip;
if (!asRoot) {
  console.warn('analytics-faults: the full-disk and read-only tests need root (they mount a tmpfs); skipped');
}

function mountTmpfs(dir: string, options: string): void {
  mkdirSync(dir, { recursive: true });
  const result = spawnSync('mount', ['-t', 'tmpfs', '-o', options, 'tmpfs', dir]);
  if (result.status !== 0) throw new Error(`mount failed: ${result.stderr.toString()}`);
}

function unmount(dir: string): void {
  spawnSync('umount', ['-l', dir]);
}

/** writes zeros until the filesystem is full; returns the file */
function fill(dir: string): string {
  const file = join(dir, 'filler');
  const fd = openSync(file, 'w');
  const chunk = Buffer.alloc(256 * 1024);
  try {
    for (;;) writeSync(fd, chunk);
  } catch {
    // ENOSPC: full
  } finally {
    closeSync(fd);
  }
  return file;
}

describe('analytics faults, cluster api (its own Redis, ClickHouse behind a gate, no worker)', () => {
  let dir: string;
  let redis: OwnRedis;
  let fixture: ClickHouseHttpFixture;
  let gate: HttpGate;
  let testApp: TestApp;
  let http: HttpClient;
  let owner: Awaited<ReturnType<typeof registerUser>>;
  let profile: ProfileResponse;
  const prefix = uniquePrefix('faults');

  const ready = () => http.get<HealthResponse>('/api/health/ready');
  const view = (i: number) => http.get(`/api/public/profiles/${profile.handle}`, { headers: visitor(i) });
  const summary = () =>
    http.get<VisitSummaryResponse | ErrorResponse>(
      `/api/profiles/${profile.id}/analytics/summary?${range()}`,
      {
        token: owner.accessToken,
      },
    );

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'cardcraft-faults-'));
    [redis, fixture] = await Promise.all([
      startOwnRedis(),
      startClickHouseHttpFixture({ dir: join(dir, 'ch') }),
    ]);
    gate = await startHttpGate(fixture.url);
    testApp = await startTestApp('sqlite', {
      REDIS_URL: redis.url,
      CLICKHOUSE_URL: gate.url,
      ANALYTICS_QUEUE_PREFIX: prefix,
      ANALYTICS_READY_MAX_INSERT_AGE_MS: '1000',
      ANALYTICS_ENQUEUE_TIMEOUT_MS: '500',
      DATA_DIR_MIN_FREE_MB: '0',
    });
    http = httpClient(testApp.url);
    owner = await registerUser(http);
    profile = await createProfile(http, owner.accessToken, { published: true });
  }, 60_000);

  afterAll(async () => {
    await testApp?.close();
    await gate?.stop();
    await fixture?.stop();
    await redis?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers the owner 503 "Analytics are temporarily unavailable" while ClickHouse is down; cards keep answering', async () => {
    expect((await summary()).status).toBe(200);
    gate.mode = 'down';
    try {
      const down = await summary();
      expect(down.status).toBe(503);
      expect(down.body).toEqual({ error: 'Analytics are temporarily unavailable' });
      expect(down.headers.get('retry-after')).toBe('10');
      expect((await view(1)).status).toBe(200);
      const health = await ready();
      expect(health.status).toBe(503);
      expect(health.body.checks?.clickhouse).toBe('down');
      expect(health.body.reasons).toEqual(expect.arrayContaining([expect.stringMatching(/^clickhouse: /)]));
    } finally {
      gate.mode = 'pass';
    }
    expect((await summary()).status).toBe(200);
  });

  it('rides through a Redis outage: views answered meanwhile wait in the journal, then all reach the queue once', async () => {
    const connection = new Redis(redis.url, { maxRetriesPerRequest: null });
    const queue = new Queue(DEFAULT_BULLMQ_OPTIONS.queueName, { connection, prefix });
    queue.on('error', () => undefined);
    try {
      await redis.stop();
      const VIEWS = 300;
      const answered: number[] = [];
      for (let i = 0; i < VIEWS; i += 30) {
        const batch = await Promise.all(Array.from({ length: 30 }, (_, k) => view(1000 + i + k)));
        for (const result of batch) answered.push(result.status);
      }
      expect(answered.filter((status) => status === 200)).toHaveLength(VIEWS);
      const during = await eventually(
        ready,
        (r) => (r.body.analytics?.journal?.events ?? 0) >= VIEWS,
        10_000,
      );
      expect(during.status).toBe(503);
      expect(during.body.reasons).toEqual(
        expect.arrayContaining([expect.stringMatching(/the analytics queue refuses batches since/)]),
      );
      expect(during.body.analytics?.buffered).toBe(0);

      // back, empty (no persistence): every answered view is handed over from the journal
      await redis.start();
      await eventually(ready, (r) => r.body.analytics?.journal?.events === 0, 20_000);
      const jobs = await queue.getJobs(['waiting', 'prioritized', 'delayed', 'active']);
      const events = jobs.flatMap((job) => (job.data as { events: Array<{ ip: string }> }).events);
      expect(events).toHaveLength(VIEWS);
      expect(new Set(events.map((event) => event.ip)).size).toBe(VIEWS);
    } finally {
      await queue.close();
      connection.disconnect();
    }
  }, 60_000);

  it('is not ready while views wait and none is stored (no worker), and says how long', async () => {
    expect((await view(5000)).status).toBe(200);
    const stuck = await eventually(ready, (r) => r.status === 503, 10_000);
    expect(stuck.body.reasons).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/\d+ analytics job\(s\) wait and no batch was stored for \d/),
      ]),
    );
    expect(stuck.body.analytics?.backlog).toBeGreaterThan(0);
    expect(stuck.body.analytics?.lastInsertAgeMs).toBeGreaterThan(1000);
  }, 30_000);
});

describe('analytics faults, embedded', () => {
  it('is not ready when the data directory has less free space than DATA_DIR_MIN_FREE_MB', async () => {
    const app = await startTestApp('sqlite', { DATA_DIR_MIN_FREE_MB: '1000000' });
    try {
      const health = await httpClient(app.url).get<HealthResponse>('/api/health/ready');
      expect(health.status).toBe(503);
      expect(health.body.checks).toMatchObject({ sqlite: 'up', chdb: 'up', analytics: 'down' });
      expect(health.body.reasons).toEqual([
        expect.stringMatching(/^the data directory .+ has [\d.]+ MB free, less than 1000000\.0 MB$/),
      ]);
      expect(health.body.analytics?.diskFreeBytes).toBeGreaterThan(0);
    } finally {
      await app.close();
    }
  }, 60_000);

  /** the real entry point, from its sources: its exit code and what it printed */
  function startProduct(dataDir: string): Promise<{ code: number | null; output: string }> {
    const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'apps/api/src/main.ts')], {
      cwd: ROOT,
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        PORT: '0',
        LOG_LEVEL: 'error',
        WEB_DIST_DIR: '',
        TSX_TSCONFIG_PATH: join(ROOT, 'infra/test/tsconfig.tsx.json'),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    return new Promise((done) =>
      child.once('exit', (code) => {
        clearTimeout(timer);
        done({ code, output });
      }),
    );
  }

  rootOnly(
    'a start on a read-only or a full data directory stops with one line naming it',
    async () => {
      const base = mkdtempSync(join(tmpdir(), 'cardcraft-startdisk-'));
      const readOnly = join(base, 'ro');
      const full = join(base, 'full');
      try {
        mountTmpfs(readOnly, 'size=4m,ro');
        mountTmpfs(full, 'size=1m');
        fill(full);
        for (const [dataDir, reason] of [
          [readOnly, /EROFS|read-only/i],
          [full, /ENOSPC|no space/i],
        ] as const) {
          const { code, output } = await startProduct(dataDir);
          expect(code).toBe(1);
          const lines = output.trim().split('\n');
          expect(lines).toHaveLength(1);
          expect(lines[0]).toContain(`Cannot start: the data directory ${dataDir} cannot be written`);
          expect(lines[0]).toMatch(reason);
        }
      } finally {
        unmount(readOnly);
        unmount(full);
        rmSync(base, { recursive: true, force: true });
      }
    },
    120_000,
  );

  rootOnly(
    'a disk that fills while it runs: cards keep answering, readiness says why, views wait and are counted once space returns',
    async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'cardcraft-fulldisk-'));
      mountTmpfs(dataDir, 'size=160m');
      let app: TestApp | null = null;
      try {
        app = await startTestApp('sqlite', {
          DATA_DIR: dataDir,
          DATA_DIR_MIN_FREE_MB: '2',
          ANALYTICS_BACKOFF_MS: '100',
          ANALYTICS_ATTEMPTS: '100',
        });
        const http = httpClient(app.url);
        const owner = await registerUser(http);
        const profile = await createProfile(http, owner.accessToken, { published: true });
        const card = `/api/public/profiles/${profile.handle}`;
        const total = () =>
          http.get<VisitSummaryResponse>(`/api/profiles/${profile.id}/analytics/summary?${range()}`, {
            token: owner.accessToken,
          });
        expect((await http.get(card, { headers: visitor(1) })).status).toBe(200);
        await eventually(total, (r) => r.body.totalVisits === 1, 10_000);

        const filler = fill(dataDir);
        const statuses: number[] = [];
        for (let i = 0; i < 40; i++)
          statuses.push((await http.get(card, { headers: visitor(100 + i) })).status);
        expect(statuses.every((status) => status === 200)).toBe(true);
        const health = await eventually(
          () => http.get<HealthResponse>('/api/health/ready'),
          (r) => r.status === 503,
          10_000,
        );
        expect(health.body.reasons).toEqual(
          expect.arrayContaining([expect.stringMatching(/the data directory .+ has [\d.]+ MB free/)]),
        );
        // still alive a while later, still answering
        await new Promise((r) => setTimeout(r, 1500));
        expect((await http.get(card, { headers: visitor(999) })).status).toBe(200);
        // the queue's file refused the views: they wait in memory, none dropped
        const running = app.app.get<symbol, AnalyticsRuntime>(ANALYTICS_RUNTIME);
        expect(running.stats().buffer).toMatchObject({ dropped: 0 });
        expect(running.stats().buffer.failedFlushes).toBeGreaterThan(0);

        rmSync(filler);
        await eventually(total, (r) => r.body.totalVisits === 42, 30_000);
        await eventually(
          () => http.get<HealthResponse>('/api/health/ready'),
          (r) => r.status === 200,
          10_000,
        );
      } finally {
        await app?.close().catch(() => undefined);
        unmount(dataDir);
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    180_000,
  );
});
