import type { AnalyticsLogger } from '@cardcraft/analytics';
import { createLogger as createRootLogger, scopedLogger, type Logger } from '@cardcraft/observability';
import type { WorkerConfig } from './worker-config';

/** the process's pino logger: JSON lines on stdout, human-readable in a terminal */
export function createProcessLogger(level: WorkerConfig['logLevel'], service = 'worker'): Logger {
  return createRootLogger({ level, service });
}

/**
 * a logger in the shape the analytics runtime takes, one JSON line a message with its scope as the
 * line's service (worker, migrate, replay), and `record` for a line with fields (one a job)
 */
export function createLogger(level: WorkerConfig['logLevel'], scope = 'worker'): AnalyticsLogger {
  return scopedLogger(createProcessLogger(level, scope), scope);
}
