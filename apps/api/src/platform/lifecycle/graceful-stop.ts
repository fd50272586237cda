import type { Server } from 'node:http';
import type { INestApplication, Logger } from '@nestjs/common';
import { HealthRegistry } from '../common/health-registry';
import { ClosingServer } from './closing-server';

export interface StopTimes {
  /** SIGTERM: how long readiness answers 503 while every request is still answered (SHUTDOWN_DRAIN_MS) */
  drainMs: number;
  /** from the drain's end: the time the requests in flight, the flush and the stores may take (SHUTDOWN_GRACE_MS) */
  graceMs: number;
}

/**
 * SIGTERM: the drain, then the stop. for drainMs readiness answers 503, so a load balancer takes the
 * process out, while every request is still answered, each with Connection: close: the client opens
 * its next connection (elsewhere, once the balancer saw the 503) rather than reusing one the server is
 * about to close, the race that gives a reset. then the server stops accepting and its connections
 * end once answered (ClosingServer), the analytics buffer is flushed, the stores close and the process
 * exits 0; past graceMs from the drain's end it exits 1.
 * SIGINT (Ctrl-C in a terminal, where no balancer routes) skips the drain; a second signal ends the
 * drain early, and one during the stop exits at once (1): an impatient second Ctrl-C.
 * not nest's shutdown hooks: they close the stores before the server, so requests in flight would
 * fail, and they end the process by the signal.
 */
export function stopOnSignals(app: INestApplication, times: StopTimes, logger: Logger): void {
  let phase: 'serving' | 'draining' | 'stopping' = 'serving';
  let endDrain: (() => void) | null = null;

  const stop = async (signal: NodeJS.Signals): Promise<void> => {
    const server = new ClosingServer(app.getHttpServer() as Server);
    app.get(HealthRegistry).markStopping(`draining: the process got ${signal} and is stopping`);
    const drainMs = signal === 'SIGTERM' ? times.drainMs : 0;
    if (drainMs > 0) {
      phase = 'draining';
      logger.log(
        `${signal}: draining for ${drainMs} ms (readiness 503, every answer closes its connection), then stopping`,
      );
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, drainMs);
        endDrain = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
    phase = 'stopping';
    logger.log(`${signal}: finishing the requests in flight, then stopping (at most ${times.graceMs} ms)`);
    const deadline = setTimeout(() => {
      logger.error(`still stopping after ${times.graceMs} ms: exiting`);
      process.exit(1);
    }, times.graceMs);
    deadline.unref();
    try {
      await server.close();
      await app.close();
    } catch (error) {
      logger.error(`stopping failed: ${(error as Error).message}`);
      process.exit(1);
    }
    process.exit(0);
  };

  const onSignal = (signal: NodeJS.Signals) => {
    if (phase === 'serving') {
      void stop(signal);
    } else if (phase === 'draining') {
      logger.log(`${signal}: ending the drain now`);
      endDrain?.();
    } else {
      logger.error(`${signal} while stopping: exiting now`);
      process.exit(1);
    }
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}
