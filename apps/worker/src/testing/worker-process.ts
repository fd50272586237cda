import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import {
  startClickHouseHttpFixture,
  type ClickHouseHttpFixture,
} from '../../../../infra/test/clickhouse-http-fixture';
import { startTestRedis, type TestRedis } from '../../../../infra/test/redis';
import { ClickHouseAnalyticsStore } from '../../../../libs/analytics/src/adapters/clickhouse/clickhouse-analytics-store';

/** the repository's root, where the worker's entry points run from */
export const ROOT = resolve(__dirname, '../../../..');

export interface RunningScript {
  process: ChildProcess;
  /** what it wrote so far, stdout and stderr together */
  output(): string;
  /** its exit code, once it has exited (null when a signal ended it) */
  exited(): Promise<number | null>;
}

/**
 * one of the worker's entry points (apps/worker/src/main.ts, migrate.ts...) from its sources, in a
 * child process, as the specs run it: the real process, its own signals and exit code
 */
export function runFromSources(script: string, env: Record<string, string>): RunningScript {
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, script)], {
    cwd: ROOT,
    env: { ...process.env, ...env, TSX_TSCONFIG_PATH: join(ROOT, 'infra/test/tsconfig.tsx.json') },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exit = new Promise<number | null>((done) =>
    child.exitCode !== null || child.signalCode !== null
      ? done(child.exitCode)
      : child.once('exit', (code) => done(code)),
  );
  return { process: child, output: () => output, exited: () => exit };
}

/** what a worker spec runs against: a Redis, ClickHouse over HTTP (migrated) and a data directory */
export interface PipelineServices {
  dir: string;
  redis: TestRedis;
  fixture: ClickHouseHttpFixture;
  /** the store, over HTTP, to read what the worker stored */
  store: ClickHouseAnalyticsStore;
  stop(): Promise<void>;
}

export async function startPipelineServices(name: string): Promise<PipelineServices> {
  const dir = mkdtempSync(join(tmpdir(), `cardcraft-${name}-`));
  const [redis, fixture] = await Promise.all([
    startTestRedis(),
    startClickHouseHttpFixture({ dir: join(dir, 'ch') }),
  ]);
  const store = ClickHouseAnalyticsStore.open({ transport: { kind: 'http', url: fixture.url } });
  await store.migrate();
  return {
    dir,
    redis,
    fixture,
    store,
    stop: async () => {
      await store.close();
      await fixture.stop();
      await redis.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** the rows stored for a card, and how many distinct event ids they hold (equal: none twice) */
export async function storedRows(
  store: ClickHouseAnalyticsStore,
  profileId: string,
): Promise<{ rows: number; ids: number }> {
  const result = await store.client.query({
    query: 'SELECT count() AS rows, uniqExact(event_id) AS ids FROM events WHERE profile_id = {p:String}',
    query_params: { p: profileId },
    format: 'JSONEachRow',
  });
  const [row] = await result.json<{ rows: string; ids: string }>();
  return { rows: Number(row?.rows ?? 0), ids: Number(row?.ids ?? 0) };
}
