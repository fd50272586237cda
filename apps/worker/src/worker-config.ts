import { isAbsolute, join, resolve } from 'node:path';
import { parseAnalyticsEnv, type AnalyticsConfig } from '@cardcraft/analytics';

/** the worker's one configuration object, parsed once at start-up */
export interface WorkerConfig {
  dataDir: string;
  analytics: AnalyticsConfig;
  logLevel: 'debug' | 'info' | 'warn' | 'error';
}

export class WorkerConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WorkerConfigError';
  }
}

type Env = Record<string, string | undefined>;

/**
 * `requireCluster`: the worker process serves the cluster, so it needs the queue (REDIS_URL) and the
 * ClickHouse server the api reads (CLICKHOUSE_URL); the replay script also works on the embedded file.
 */
export function loadWorkerConfig(
  env: Env,
  options: { requireCluster: boolean },
  cwd = process.cwd(),
): WorkerConfig {
  const rawDataDir = env.DATA_DIR?.trim() || 'data';
  const dataDir = isAbsolute(rawDataDir) ? rawDataDir : resolve(cwd, rawDataDir);
  const ownUrls = [env.PUBLIC_BASE_URL?.trim()].filter((value): value is string => Boolean(value));
  let analytics: AnalyticsConfig;
  try {
    analytics = parseAnalyticsEnv(env, { dataDir, ownUrls, cwd, sqliteFile: join(dataDir, 'cardcraft.db') });
  } catch (err) {
    throw new WorkerConfigError((err as Error).message);
  }
  if (options.requireCluster) {
    if (!analytics.redisUrl) {
      throw new WorkerConfigError(
        'REDIS_URL is required: the worker takes events from the BullMQ queue (without it the api runs the worker loop itself)',
      );
    }
    if (!analytics.clickhouseUrl) {
      throw new WorkerConfigError(
        'CLICKHOUSE_URL is required: the worker writes to the ClickHouse server the api reads',
      );
    }
  }
  const logLevel = (env.LOG_LEVEL?.trim() || 'info') as WorkerConfig['logLevel'];
  if (!['debug', 'info', 'warn', 'error'].includes(logLevel)) {
    throw new WorkerConfigError(`LOG_LEVEL must be one of debug, info, warn, error (got "${env.LOG_LEVEL}")`);
  }
  return { dataDir, analytics, logLevel };
}
