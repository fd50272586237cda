import { spawn } from 'node:child_process';
import { Redis } from 'ioredis';
import { createConnection } from 'node:net';
import { freePort, type TestService } from './services';

export interface TestRedis extends TestService {
  readonly url: string;
}

function answers(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ port, host });
    socket.setTimeout(500);
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => {
      socket.destroy();
      resolve(data.toString().startsWith('+PONG'));
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

/**
 * a redis for the tests: TEST_REDIS_URL when set, else the one on 127.0.0.1:6379 when it answers, else a
 * redis-server started here without persistence. tests share it and keep apart by a key prefix each.
 */
export async function startTestRedis(): Promise<TestRedis> {
  const given = process.env.TEST_REDIS_URL;
  if (given) return { name: 'redis (given)', url: given, stop: () => deleteTestKeys(given) };
  const local = 'redis://127.0.0.1:6379';
  if (await answers(6379)) return { name: 'redis (local)', url: local, stop: () => deleteTestKeys(local) };
  const port = 20000 + Math.floor(Math.random() * 20000);
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--save', '', '--appendonly', 'no', '--bind', '127.0.0.1'],
    {
      stdio: 'ignore',
    },
  );
  for (let i = 0; i < 100 && !(await answers(port)); i++) await new Promise((r) => setTimeout(r, 100));
  if (!(await answers(port))) {
    child.kill('SIGKILL');
    throw new Error('redis-server did not start; install it or set TEST_REDIS_URL');
  }
  return {
    name: 'redis-server',
    url: `redis://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

const prefixes = new Set<string>();

/** a key prefix no other test run uses; its keys are deleted when the suite stops its redis */
export function uniquePrefix(name: string): string {
  const prefix = `test-${name}-${process.pid}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
  prefixes.add(prefix);
  return prefix;
}

/** a shared redis outlives the suite: remove what this process's prefixes left there */
async function deleteTestKeys(url: string): Promise<void> {
  if (prefixes.size === 0) return;
  const redis = new Redis(url, { maxRetriesPerRequest: 2 });
  try {
    for (const prefix of prefixes) {
      let cursor = '0';
      do {
        const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
        cursor = next;
        if (keys.length > 0) await redis.del(...keys);
      } while (cursor !== '0');
    }
    prefixes.clear();
  } finally {
    redis.disconnect();
  }
}

/** a redis-server of the test's own, which it may stop and start again on the same port (an outage) */
export interface OwnRedis {
  readonly url: string;
  readonly port: number;
  /** stops it (SIGKILL: as a crash, nothing flushed) */
  stop(): Promise<void>;
  /** starts it again on the same port, empty (no persistence) */
  start(): Promise<void>;
}

/** never the shared redis on 6379: a redis-server on a free port, without persistence */
export async function startOwnRedis(): Promise<OwnRedis> {
  const port = await freePort();
  let child: ReturnType<typeof spawn> | null = null;
  const own: OwnRedis = {
    url: `redis://127.0.0.1:${port}`,
    port,
    async start() {
      const started = spawn(
        'redis-server',
        ['--port', String(port), '--save', '', '--appendonly', 'no', '--bind', '127.0.0.1'],
        { stdio: 'ignore' },
      );
      child = started;
      for (let i = 0; i < 100 && !(await answers(port)); i++) await new Promise((r) => setTimeout(r, 50));
      if (!(await answers(port))) {
        started.kill('SIGKILL');
        throw new Error(`redis-server did not start on port ${port}`);
      }
    },
    async stop() {
      const running = child;
      child = null;
      if (!running || running.exitCode !== null) return;
      await new Promise<void>((resolve) => {
        running.once('exit', () => resolve());
        running.kill('SIGKILL');
      });
    },
  };
  await own.start();
  return own;
}
