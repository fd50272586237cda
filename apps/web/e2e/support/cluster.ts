import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startClickHouseHttpFixture } from '../../../../infra/test/clickhouse-http-fixture';
import { startFerretDb } from '../../../../infra/test/ferretdb';
import { startTestRedis, uniquePrefix } from '../../../../infra/test/redis';
import { freePort } from '../../../../infra/test/services';
import {
  REPO_ROOT,
  spawnNode,
  startProduct,
  waitUntilAnswers,
  type ProductOptions,
  type RunningProduct,
} from './product';

const WORKER_MAIN = join(REPO_ROOT, 'apps/worker/dist/main.js');
const MIGRATE_MAIN = join(REPO_ROOT, 'apps/worker/dist/migrate.js');

export type Mode = 'embedded' | 'cluster';

/**
 * the built product in the cluster's configuration (infra/scripts/cluster/cluster.mjs, the compose
 * file), one replica of each: FerretDB with a database of its own, the shared test Redis under a key
 * prefix of its own, ClickHouse over HTTP (the chDB fixture), all started at once; the migrations of
 * MongoDB and ClickHouse once; then the api and a separate analytics worker. the api's DATA_DIR is
 * `dataDir` (its outbox, say), as in startProduct; `env` goes to the api (the Wallet certificates,
 * say). stop() stops the processes, then the services.
 */
export async function startClusterProduct(
  env: Record<string, string> = {},
  { publicHost = '127.0.0.1' }: Pick<ProductOptions, 'publicHost'> = {},
): Promise<RunningProduct> {
  const runDir = mkdtempSync(join(tmpdir(), 'cardcraft-e2e-cluster-'));
  const cleanups: (() => Promise<void>)[] = [];
  const stopAll = async () => {
    // the processes first (the api flushes its views, the worker its batches), then the stores
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
    cleanups.length = 0;
    rmSync(runDir, { recursive: true, force: true });
  };
  try {
    const queuePrefix = uniquePrefix('e2e');
    const [ferretStarted, redisStarted, clickhouseStarted] = await Promise.allSettled([
      startFerretDb(),
      startTestRedis(),
      startClickHouseHttpFixture({ dir: join(runDir, 'clickhouse') }),
    ]);
    // what started is stopped again even when another did not start
    for (const result of [ferretStarted, redisStarted, clickhouseStarted])
      if (result.status === 'fulfilled') cleanups.push(() => result.value.stop());
    if (ferretStarted.status === 'rejected') throw ferretStarted.reason;
    if (redisStarted.status === 'rejected') throw redisStarted.reason;
    if (clickhouseStarted.status === 'rejected') throw clickhouseStarted.reason;
    const [ferret, redis, clickhouse] = [ferretStarted.value, redisStarted.value, clickhouseStarted.value];
    const mongoUrl = new URL(ferret.url);
    mongoUrl.pathname = `/e2e_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;

    // the migrations once, MongoDB's and ClickHouse's, before the api and the worker (compose's
    // migrate service)
    const migrate = spawnNode(MIGRATE_MAIN, {
      LOG_LEVEL: 'warn',
      MONGO_URL: mongoUrl.toString(),
      CLICKHOUSE_URL: clickhouse.url,
      DATA_DIR: join(runDir, 'migrate'),
    });
    const migrated = await migrate.exited;
    if (migrated.code !== 0) throw new Error(`the migrations failed:\n${migrate.output()}`);

    // what cluster.mjs gives both processes
    const shared = {
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      ANALYTICS_FLUSH_MS: '250',
      REDIS_URL: redis.url,
      ANALYTICS_QUEUE_PREFIX: queuePrefix,
      CLICKHOUSE_URL: clickhouse.url,
      CLICKHOUSE_MIGRATE_AT_START: 'false',
      METRICS_HOST: '127.0.0.1',
    };

    const [port, apiMetricsPort, workerMetricsPort] = await Promise.all([freePort(), freePort(), freePort()]);
    const publicBaseUrl = `http://${publicHost}:${port}`;
    const worker = spawnNode(
      WORKER_MAIN,
      {
        ...shared,
        DATA_DIR: join(runDir, 'worker'),
        METRICS_PORT: String(workerMetricsPort),
        PUBLIC_BASE_URL: publicBaseUrl,
      },
      35_000,
    );
    cleanups.push(worker.stop);
    const [started, workerReady] = await Promise.allSettled([
      startProduct(
        {
          ...shared,
          MONGO_URL: mongoUrl.toString(),
          JWT_SECRET: randomBytes(32).toString('hex'),
          METRICS_PORT: String(apiMetricsPort),
          ...env,
        },
        { port, readyPath: '/api/health/ready', publicHost },
      ),
      waitUntilAnswers(`http://127.0.0.1:${workerMetricsPort}/metrics`, worker, 'the worker'),
    ]);
    // the api stops before the worker: cleanups run last in, first out
    if (started.status === 'fulfilled') cleanups.push(started.value.stop);
    if (started.status === 'rejected') throw started.reason;
    if (workerReady.status === 'rejected') throw workerReady.reason;
    const api = started.value;
    return {
      ...api,
      output: () => `${api.output()}\n--- worker ---\n${worker.output()}`,
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}

/** the product in the given mode, with the same settings added */
export function startProductIn(
  mode: Mode,
  env: Record<string, string> = {},
  options: Pick<ProductOptions, 'publicHost'> = {},
): Promise<RunningProduct> {
  return mode === 'cluster' ? startClusterProduct(env, options) : startProduct(env, options);
}
