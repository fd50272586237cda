import 'reflect-metadata';
import { openDeadLetters } from '@cardcraft/analytics';
import { ConfigError } from '@cardcraft/config';
import { loadWorkerConfig } from './worker-config';

/**
 * an operator's tool: moves every analytics job (a batch or an erase) that failed its last try back
 * onto the queue. `npm run analytics:replay-dead-letters -w @cardcraft/worker` (after `npm run build`),
 * with the same REDIS_URL (cluster) or DATA_DIR (embedded) the processes use. replayed batches keep
 * their id, so a batch that did reach ClickHouse before failing is not counted twice.
 */
async function main(): Promise<void> {
  const config = loadWorkerConfig(process.env, { requireCluster: false });
  const letters = openDeadLetters(config.analytics);
  try {
    const waiting = await letters.count();
    const { replayed } = await letters.replay();
    console.log(`dead letters: ${waiting} waiting, ${replayed} replayed onto the queue`);
  } finally {
    await letters.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof ConfigError ? `Configuration error: ${err.message}` : err);
  process.exit(1);
});
