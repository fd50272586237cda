import type { LoggerService } from '@nestjs/common';
import type { Logger } from '@cardcraft/observability';

/**
 * nest's logger (every `new Logger('Context')` of the api, the analytics runtime's lines included) on
 * top of the process's pino logger: each line JSON with its context, at pino's level
 */
export class NestPinoLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}

  log(message: unknown, ...rest: unknown[]): void {
    this.write('info', message, rest);
  }
  error(message: unknown, ...rest: unknown[]): void {
    this.write('error', message, rest);
  }
  warn(message: unknown, ...rest: unknown[]): void {
    this.write('warn', message, rest);
  }
  debug(message: unknown, ...rest: unknown[]): void {
    this.write('debug', message, rest);
  }
  verbose(message: unknown, ...rest: unknown[]): void {
    this.write('trace', message, rest);
  }
  fatal(message: unknown, ...rest: unknown[]): void {
    this.write('fatal', message, rest);
  }

  /** nest passes the context last, and for errors a stack before it */
  private write(
    level: 'trace' | 'debug' | 'info' | 'warn' | 'error' | 'fatal',
    message: unknown,
    rest: unknown[],
  ): void {
    if (!this.logger.isLevelEnabled(level)) return;
    const params = [...rest];
    const last = params[params.length - 1];
    const context = typeof last === 'string' && !last.includes('\n') ? (params.pop() as string) : undefined;
    const fields: Record<string, unknown> = {};
    if (context) fields.context = context;
    if (level === 'error' && typeof params[0] === 'string' && params[0].includes('\n    at ')) {
      fields.stack = params.shift();
    }
    if (message instanceof Error) {
      fields.err = message;
      this.logger[level](fields, message.message);
    } else if (typeof message === 'string') {
      this.logger[level](fields, message);
    } else {
      this.logger[level]({ ...fields, data: message }, typeof message);
    }
  }
}
