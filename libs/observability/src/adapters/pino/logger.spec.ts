import { createLogger, scopedLogger } from './logger';
import { formatLogLine } from './pretty';

function capture() {
  const lines: string[] = [];
  return { lines, destination: { write: (line: string) => lines.push(line) } };
}

describe('the process logger', () => {
  it('writes one JSON object a line: time, level by name, service, message and the fields given', () => {
    const { lines, destination } = capture();
    const logger = createLogger({ level: 'info', service: 'api', pretty: false, destination });
    logger.info({ reqId: 'abc-123', status: 200 }, 'request');
    expect(lines).toHaveLength(1);
    expect(lines[0].endsWith('\n')).toBe(true);
    const entry = JSON.parse(lines[0]) as Record<string, unknown>;
    expect(entry).toMatchObject({
      level: 'info',
      service: 'api',
      msg: 'request',
      reqId: 'abc-123',
      status: 200,
    });
    expect(new Date(entry.time as string).toISOString()).toBe(entry.time);
    expect(entry.pid).toBe(process.pid);
  });

  it('keeps to its level (LOG_LEVEL), silent writes nothing', () => {
    const { lines, destination } = capture();
    const logger = createLogger({ level: 'warn', service: 'worker', pretty: false, destination });
    logger.info('not written');
    logger.debug('not written');
    logger.warn('written');
    logger.error('written too');
    expect(lines.map((line) => (JSON.parse(line) as { level: string }).level)).toEqual(['warn', 'error']);

    const silent = capture();
    const quiet = createLogger({
      level: 'silent',
      service: 'api',
      pretty: false,
      destination: silent.destination,
    });
    quiet.error('nothing');
    expect(silent.lines).toHaveLength(0);
  });

  it('gives the analytics runtime and the worker a logger with its context, and lines with fields', () => {
    const { lines, destination } = capture();
    const scoped = scopedLogger(
      createLogger({ level: 'info', service: 'worker', pretty: false, destination }),
      'queue',
    );
    scoped.log('started');
    scoped.warn('redis is down');
    scoped.debug('below the level');
    scoped.record({ job: 'analytics.ingest-batch', jobId: 'b-1', rows: 3 }, 'job done');
    const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(entries).toEqual([
      expect.objectContaining({ level: 'info', context: 'queue', msg: 'started' }),
      expect.objectContaining({ level: 'warn', context: 'queue', msg: 'redis is down' }),
      expect.objectContaining({ level: 'info', context: 'queue', msg: 'job done', jobId: 'b-1', rows: 3 }),
    ]);
  });

  it('writes human-readable lines when asked (a terminal)', () => {
    const { lines, destination } = capture();
    const logger = createLogger({ level: 'info', service: 'api', pretty: true, destination });
    logger.child({ context: 'Analytics' }).info({ reqId: 'r-1', url: '/u/ada lovelace' }, 'request');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^\d{2}:\d{2}:\d{2}\.\d{3} INFO {2}\[api Analytics\] request {2}reqId=r-1 url="\/u\/ada lovelace"\n$/,
    );
  });
});

describe('the terminal format', () => {
  it('passes through what is not a JSON object, and prints an error with its stack', () => {
    expect(formatLogLine('plain text\n', false)).toBe('plain text\n');
    expect(formatLogLine('[1,2]', false)).toBe('[1,2]');
    const line = formatLogLine(
      JSON.stringify({
        time: '2026-11-22T19:00:00.000Z',
        level: 'error',
        service: 'worker',
        msg: 'insert failed',
        err: { type: 'Error', message: 'boom', stack: 'Error: boom\n    at insert' },
      }),
      false,
    );
    expect(line).toBe('19:00:00.000 ERROR [worker] insert failed\nError: boom\n    at insert\n');
  });

  it('colours the level only for a terminal', () => {
    const entry = JSON.stringify({ time: '2026-11-22T19:00:00.000Z', level: 'warn', msg: 'slow' });
    expect(formatLogLine(entry, true)).toContain('\x1b[33mWARN \x1b[0m');
    expect(formatLogLine(entry, false)).not.toContain('\x1b[');
  });
});
