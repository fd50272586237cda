import { Logger } from '@nestjs/common';
import { createApp } from './app';
import { DataDirError, isDiskError, SchemaVersionError } from '@cardcraft/storage';
import { ConfigError, describeConfig, loadConfig } from './platform/config/app-config';
import { checkStoreSchemas } from './platform/storage/store-schemas';
import { stopOnSignals } from './platform/lifecycle/graceful-stop';

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
  stopOnSignals(app, { drainMs: config.shutdownDrainMs, graceMs: config.shutdownGraceMs }, logger);
  await app.listen({ port: config.port, host: config.host });
  const address = `http://${config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host}:${config.port}`;
  const storage = config.mongoUrl ? 'MongoDB' : `SQLite in ${config.dataDir}`;
  console.log(
    `\nCardcraft is running: open ${address}\n  API ${address}/api  ·  docs ${address}/api/docs  ·  data: ${storage}\n`,
  );
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
