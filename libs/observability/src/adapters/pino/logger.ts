import { pino, type DestinationStream, type Logger as PinoLogger } from 'pino';
import { formatLogLine } from './pretty';

/** the process's logger: pino, JSON lines on stdout (fastify's own logger is the same instance) */
export type Logger = PinoLogger;

export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';

export interface LoggerOptions {
  level: LogLevel;
  /** in every line: which process wrote it (api, worker, migrate) */
  service: string;
  /** human-readable lines instead of JSON; unset: when stdout is a terminal */
  pretty?: boolean;
  /** where the lines go; unset: stdout */
  destination?: { write(line: string): unknown };
}

/** one JSON object a line: time (ISO), level (its name), service, msg, and the line's own fields */
export function createLogger(options: LoggerOptions): Logger {
  const pretty = options.pretty ?? Boolean(process.stdout.isTTY);
  const out = options.destination ?? pino.destination({ dest: 1, sync: true });
  const colour = pretty && !options.destination && Boolean(process.stdout.isTTY);
  const stream: DestinationStream = pretty
    ? { write: (line: string) => void out.write(formatLogLine(line, colour)) }
    : (out as DestinationStream);
  return pino(
    {
      level: options.level,
      base: { service: options.service, pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      // no line writes a request's headers today; should one ever log a request or its headers, the
      // credentials (session tokens, API keys, the session cookie) are blanked
      redact: {
        paths: [
          'req.headers.authorization',
          'req.headers.cookie',
          'headers.authorization',
          'headers.cookie',
          'res.headers["set-cookie"]',
        ],
        censor: '[redacted]',
      },
    },
    stream,
  );
}

/**
 * a logger of one part of the process (its `context` in every line), in the shape the analytics
 * runtime and the worker take: a message a call, and `record` for a line with fields of its own
 */
export interface ScopedLogger {
  log(message: string): void;
  warn(message: string): void;
  error(message: string): void;
  debug(message: string): void;
  record(fields: Record<string, unknown>, message: string): void;
}

export function scopedLogger(logger: Logger, context: string): ScopedLogger {
  const child = logger.child({ context });
  return {
    log: (message) => child.info(message),
    warn: (message) => child.warn(message),
    error: (message) => child.error(message),
    debug: (message) => child.debug(message),
    record: (fields, message) => child.info(fields, message),
  };
}
