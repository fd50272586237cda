import 'reflect-metadata';
import {
  describeAnalyticsConfig,
  startWorkerAnalytics,
  type RedisQueueConfig,
  type WorkerAnalytics,
} from '@cardcraft/analytics';
import { ConfigError } from '@cardcraft/config';
import { SchemaVersionError } from '@cardcraft/storage';
import { ServiceMetrics, startMetricsServer, type MetricsServer } from '@cardcraft/observability';
import { createLogger } from './logger';
import { loadWorkerConfig, type WorkerConfig } from './worker-config';

/**
 * the cluster's analytics worker: takes event batches off the BullMQ queue, enriches them and writes
 * one ClickHouse insert per batch. scale it by starting more of these. in the embedded mode the api
 * runs the same loop itself (startApiAnalytics with embeddedWorker).
 */
async function main(): Promise<void> {
  let config: WorkerConfig<RedisQueueConfig>;
  try {
    config = loadWorkerConfig(process.env, { requireCluster: true });
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(`Configuration error: ${err.message}`);
      process.exit(1);
    }
    throw err;
  }
  const logger = createLogger(config.logLevel);
  if (config.logLevel === 'debug') logger.log(JSON.stringify(describeAnalyticsConfig(config.analytics)));
  const metrics = new ServiceMetrics('worker');
  let runtime: WorkerAnalytics;
  try {
    runtime = await startWorkerAnalytics(config.analytics, logger, { metrics: metrics.analytics });
  } catch (err) {
    // a ClickHouse schema this build cannot use (newer, or not migrated yet): one line, as the api's
    if (err instanceof SchemaVersionError) {
      console.error(`Cannot start: ${err.message}`);
      process.exit(1);
    }
    throw err;
  }
  metrics.watchQueue(() => runtime.depth());
  let metricsServer: MetricsServer | null = null;
  if (config.metrics.port !== null) {
    metricsServer = await startMetricsServer(metrics, {
      host: config.metrics.host,
      port: config.metrics.port,
    });
    logger.log(`Prometheus metrics on ${metricsServer.url}`);
  }
  logger.log(`analytics worker started: queue ${config.analytics.queue.queueName}, ClickHouse over http`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.log(`${signal}: finishing the batches in hand`);
    // past the grace period the batches still in hand are not lost: their lock runs out and another
    // worker takes them back (a stall, counted as a try)
    const force = setTimeout(() => {
      logger.error(
        `still finishing after ${config.shutdownGraceMs} ms: exiting; the batches in hand go back to the queue`,
      );
      process.exit(1);
    }, config.shutdownGraceMs);
    force.unref();
    try {
      await runtime.close();
      await metricsServer?.close();
      logger.log(`stopped after ${runtime.stats().processedEvents} event(s)`);
      process.exit(0);
    } catch (err) {
      logger.error(`shutdown failed: ${(err as Error).message}`);
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
