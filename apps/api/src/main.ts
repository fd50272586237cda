import { Logger } from '@nestjs/common';
import { createApp } from './app';
import { ConfigError, describeConfig, loadConfig } from './config/app-config';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Configuration error: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
  const logger = new Logger('Cardcraft');
  if (config.logLevel === 'debug') logger.debug(JSON.stringify(describeConfig(config)));
  const app = await createApp(config);
  await app.listen({ port: config.port, host: config.host });
  const address = `http://${config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host}:${config.port}`;
  const storage = config.mongoUrl ? 'MongoDB' : `SQLite in ${config.dataDir}`;
  console.log(
    `\nCardcraft is running: open ${address}\n  API ${address}/api  ·  docs ${address}/api/docs  ·  data: ${storage}\n`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
