import type { AnalyticsLogger } from '@cardcraft/analytics';
import type { WorkerConfig } from './worker-config';

const ORDER = ['debug', 'info', 'warn', 'error'] as const;

/** one line a message, with a timestamp and level, on stdout (stderr for errors) */
export function createLogger(level: WorkerConfig['logLevel'], scope = 'worker'): AnalyticsLogger {
  const min = ORDER.indexOf(level);
  const write = (lvl: (typeof ORDER)[number], message: string) => {
    if (ORDER.indexOf(lvl) < min) return;
    const line = `${new Date().toISOString()} ${lvl.toUpperCase()} [${scope}] ${message}\n`;
    (lvl === 'error' ? process.stderr : process.stdout).write(line);
  };
  return {
    log: (message) => write('info', message),
    warn: (message) => write('warn', message),
    error: (message) => write('error', message),
  };
}
