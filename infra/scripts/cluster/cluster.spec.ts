// npm run cluster as an operator runs it: the script in a child process, its printed addresses, the
// whole path of a view through the proxy, a replica killed, and Ctrl-C's stop. it needs the built apps
// (npm run build:server, which npm test runs before jest).
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { sampleValue } from '../../../libs/observability/src/testing/exposition';

const ROOT = resolve(__dirname, '../../..');
const RUN_DIR = join(ROOT, '.cache', 'cluster', `spec-${process.pid}`);

interface Printed {
  url: string;
  apis: Array<{ name: string; url: string; metricsUrl: string; pid: number }>;
  workers: Array<{ name: string; metricsUrl: string; pid: number }>;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean, timeoutMs = 30_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await read().catch(() => undefined);
    if (value !== undefined && ok(value)) return value;
    if (Date.now() > end) throw new Error(`condition not met in time (last: ${JSON.stringify(value)})`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('npm run cluster', () => {
  let cluster: ChildProcess;
  let printed: Printed;
  let exited: Promise<number | null>;
  const output: string[] = [];

  beforeAll(async () => {
    if (!existsSync(join(ROOT, 'apps/api/dist/main.js'))) {
      throw new Error('apps/api/dist is missing: run `npm run build:server` first');
    }
    rmSync(RUN_DIR, { recursive: true, force: true });
    cluster = spawn(
      process.execPath,
      [join(ROOT, 'infra/scripts/cluster.mjs'), '--port', '0', '--dir', RUN_DIR],
      {
        cwd: ROOT,
        env: {
          ...process.env,
          LOG_LEVEL: 'info',
          RATE_LIMIT_SIGN_UP: '100/1m',
          PASSWORD_SCRYPT_COST: '16384',
        },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    exited = new Promise((done) => cluster.once('exit', (code) => done(code)));
    const lines = createInterface({ input: cluster.stdout! });
    lines.on('line', (line) => output.push(line));
    await until(
      async () => output.join('\n'),
      (text) => text.includes('Ctrl-C stops it.'),
      120_000,
    );
    const text = output.join('\n');
    const field = (pattern: RegExp) => [...text.matchAll(pattern)];
    printed = {
      url: /Cardcraft cluster is running: open (\S+)/.exec(text)![1],
      apis: field(/^ {2}(api-\d+) +(http:\S+) +metrics (\S+) +pid (\d+)$/gm).map(
        ([, name, url, metricsUrl, pid]) => ({
          name,
          url,
          metricsUrl,
          pid: Number(pid),
        }),
      ),
      workers: field(/^ {2}(worker-\d+) +metrics (\S+) +pid (\d+)$/gm).map(([, name, metricsUrl, pid]) => ({
        name,
        metricsUrl,
        pid: Number(pid),
      })),
    };
  }, 150_000);

  afterAll(async () => {
    if (cluster.exitCode === null) {
      cluster.kill('SIGTERM');
      await exited;
    }
    rmSync(RUN_DIR, { recursive: true, force: true });
  }, 90_000);

  it('prints the proxy, two api replicas and two workers, each with a metrics port on loopback', () => {
    expect(printed.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(printed.apis.map((api) => api.name)).toEqual(['api-1', 'api-2']);
    expect(printed.workers.map((worker) => worker.name)).toEqual(['worker-1', 'worker-2']);
    for (const process of [...printed.apis, ...printed.workers]) {
      expect(process.metricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
      expect(alive(process.pid)).toBe(true);
    }
    expect(output.join('\n')).toContain(`logs        ${RUN_DIR}/logs`);
  });

  it('spreads requests over the replicas with a request id, and stores a view through the whole path', async () => {
    const ids = ['spread-1', 'spread-2', 'spread-3', 'spread-4'];
    for (const id of ids) {
      const response = await fetch(`${printed.url}/api/health/ready`, { headers: { 'x-request-id': id } });
      expect(response.status).toBe(200);
      expect(response.headers.get('x-request-id')).toBe(id);
    }
    // each replica wrote its own half of them, with the id and the address the proxy gave
    const logged = (name: string) =>
      readFileSync(join(RUN_DIR, 'logs', `${name}.log`), 'utf8')
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as Record<string, unknown>)
        .filter((entry) => entry.msg === 'request' && ids.includes(String(entry.reqId)));
    // a line is written as the answer ends, which the client may see a moment before
    const [first, second] = await until(
      async () => [logged('api-1'), logged('api-2')],
      ([one, two]) => one.length + two.length === ids.length,
      10_000,
    );
    expect(first).toHaveLength(2);
    expect(second).toHaveLength(2);
    for (const entry of [...first, ...second]) expect(entry.ip).toBe('127.0.0.1');

    const json = { 'content-type': 'application/json' };
    const registered = await fetch(`${printed.url}/api/auth/register`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({
        email: `cluster-${process.pid}@example.test`,
        password: 'correct horse battery',
        displayName: 'Cluster',
      }),
    });
    expect(registered.status).toBe(201);
    const { accessToken } = (await registered.json()) as { accessToken: string };
    const created = await fetch(`${printed.url}/api/profiles`, {
      method: 'POST',
      headers: { ...json, authorization: `Bearer ${accessToken}` },
      body: JSON.stringify({
        handle: `cluster-spec-${process.pid}`,
        displayName: 'Cluster Card',
        published: true,
      }),
    });
    expect(created.status).toBe(201);
    const { id, handle } = (await created.json()) as { id: string; handle: string };
    const visitor = {
      'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) Mobile/15E148 Safari/604.1',
    };
    for (let i = 0; i < 3; i++) {
      expect((await fetch(`${printed.url}/api/public/profiles/${handle}`, { headers: visitor })).status).toBe(
        200,
      );
    }
    const rows = async () => {
      let total = 0;
      for (const worker of printed.workers) {
        const text = await (await fetch(worker.metricsUrl)).text();
        total += sampleValue(text, 'cardcraft_analytics_rows_inserted_total', { service: 'worker' }) ?? 0;
      }
      return total;
    };
    await until(rows, (total) => total === 3);
    const summary = await until(
      async () => {
        const range = `from=${new Date(Date.now() - 86_400_000).toISOString()}&to=${new Date(Date.now() + 60_000).toISOString()}`;
        const answer = await fetch(`${printed.url}/api/profiles/${id}/analytics/summary?${range}`, {
          headers: { authorization: `Bearer ${accessToken}` },
        });
        return (await answer.json()) as { totalVisits: number };
      },
      (body) => body.totalVisits === 3,
    );
    expect(summary.totalVisits).toBe(3);
  }, 60_000);

  it('keeps answering through the proxy when a replica dies', async () => {
    process.kill(printed.apis[0].pid, 'SIGKILL');
    await until(
      async () => alive(printed.apis[0].pid),
      (running) => !running,
    );
    for (let i = 0; i < 4; i++) {
      expect((await fetch(`${printed.url}/api/health/ready`)).status).toBe(200);
    }
  });

  it('stops everything on SIGTERM (Ctrl-C) and exits 0', async () => {
    cluster.kill('SIGTERM');
    expect(await exited).toBe(0);
    for (const process of [...printed.apis.slice(1), ...printed.workers])
      expect(alive(process.pid)).toBe(false);
    expect(output.join('\n')).toContain('stopped.');
  }, 90_000);
});
