import type { Server } from 'node:http';
import { Logger, type INestApplication } from '@nestjs/common';
import { createApp } from './app';
import { DataDirError, isDiskError, SchemaVersionError } from '@cardcraft/storage';
import { ConfigError, describeConfig, loadConfig } from './platform/config/app-config';
import { checkStoreSchemas } from './platform/storage/store-schemas';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Configuration error: ${error.message}`);
      process.exit(1);
    }
    if (error instanceof DataDirError) {
      console.error(`Cannot start: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
  const logger = new Logger('Cardcraft');
  if (config.logLevel === 'debug') logger.debug(JSON.stringify(describeConfig(config)));
  let app: Awaited<ReturnType<typeof createApp>>;
  try {
    // before nest: a store this build cannot use stops the start here, in one line
    await checkStoreSchemas(config);
    app = await createApp(config);
  } catch (error) {
    if (error instanceof SchemaVersionError) {
      console.error(`Cannot start: ${error.message}`);
      process.exit(1);
    }
    // the disk filled or turned read-only between the check and a store's start: one line, not a trace
    if (!config.mongoUrl || config.analytics.store.kind === 'chdb') {
      if (isDiskError(error)) {
        console.error(
          `Cannot start: the data directory ${config.dataDir} cannot be written: ${firstLine(error)}`,
        );
        process.exit(1);
      }
    }
    throw error;
  }
  stopOnSignals(app, config.shutdownGraceMs, logger);
  await app.listen({ port: config.port, host: config.host });
  const address = `http://${config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host}:${config.port}`;
  const storage = config.mongoUrl ? 'MongoDB' : `SQLite in ${config.dataDir}`;
  console.log(
    `\nCardcraft is running: open ${address}\n  API ${address}/api  ·  docs ${address}/api/docs  ·  data: ${storage}\n`,
  );
}

/**
 * SIGTERM or SIGINT: stop taking connections and answer the requests in flight first, then close
 * the rest (the analytics buffer is flushed, the worker finishes its batch, the stores close), and
 * exit 0. nest's own shutdown hooks close the stores before the server, so requests in flight would
 * fail, and it ends the process by the signal. past the grace period the process exits 1.
 */
function stopOnSignals(app: INestApplication, graceMs: number, logger: Logger): void {
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.log(`${signal}: finishing the requests in flight, then stopping (at most ${graceMs} ms)`);
    const deadline = setTimeout(() => {
      logger.error(`still stopping after ${graceMs} ms: exiting`);
      process.exit(1);
    }, graceMs);
    deadline.unref();
    const server = app.getHttpServer() as Server;
    // keep-alive connections with no request in flight go now, the others as soon as they answered
    const idle = setInterval(() => server.closeIdleConnections(), 50);
    const closed = new Promise<void>((resolve) =>
      server.close(() => {
        clearInterval(idle);
        resolve();
      }),
    );
    server.closeIdleConnections();
    closed
      .then(() => app.close())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          logger.error(`stopping failed: ${(error as Error).message}`);
          process.exit(1);
        },
      );
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

function firstLine(error: unknown): string {
  return String((error as Error)?.message ?? error)
    .split('\n')[0]
    .slice(0, 300);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
