import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  startClickHouseHttpFixture,
  type ClickHouseHttpFixture,
} from '../../../../../infra/test/clickhouse-http-fixture';
import { startTestRedis, uniquePrefix, type TestRedis } from '../../../../../infra/test/redis';
import { startTestApp, type TestApp } from './test-app';

export interface Replicas {
  a: TestApp;
  b: TestApp;
}

/**
 * two replicas of one deployment for a suite: the same data directory, the same Redis and the same
 * ClickHouse (over HTTP), each run under a key prefix of its own. `replicas()` is available from the
 * suite's first test on.
 */
export function twoReplicasUnderTest(name: string, env: Record<string, string> = {}): () => Replicas {
  let dir: string;
  let redis: TestRedis | undefined;
  let fixture: ClickHouseHttpFixture | undefined;
  let running: Replicas | undefined;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), `cardcraft-${name}-`));
    [redis, fixture] = await Promise.all([
      startTestRedis(),
      startClickHouseHttpFixture({ dir: join(dir, 'ch') }),
    ]);
    const shared = {
      DATA_DIR: join(dir, 'data'),
      REDIS_URL: redis.url,
      CLICKHOUSE_URL: fixture.url,
      ANALYTICS_QUEUE_PREFIX: uniquePrefix(name),
      ...env,
    };
    const a = await startTestApp('sqlite', shared);
    const b = await startTestApp('sqlite', shared);
    running = { a, b };
  }, 30_000);
  afterAll(async () => {
    await running?.a.close();
    await running?.b.close();
    await fixture?.stop();
    await redis?.stop();
    rmSync(dir, { recursive: true, force: true });
  });
  return () => {
    if (!running) throw new Error('the replicas start in beforeAll');
    return running;
  };
}
