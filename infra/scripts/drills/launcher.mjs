// the processes a drill breaks: the embedded product (one api with its DATA_DIR), or the cluster's
// configuration on loopback: a redis-server of its own on a free port, the ClickHouse HTTP fixture
// (chDB behind ClickHouse's HTTP interface, infra/test), FerretDB from .cache/bin, the migrate step,
// two api processes and one worker. every process is started here and stopped by stopAll(), whatever
// happened; nothing listens beyond 127.0.0.1. with `metrics`, each api and the worker serve their
// Prometheus metrics on a loopback port of their own (metricsUrl).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { clearTimeout, setTimeout } from 'node:timers';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from '../bench/product.mjs';

const { fetch } = globalThis;
const READY_TIMEOUT_MS = 90_000;

/** a child process that keeps its last output lines and can be waited for */
class Child {
  constructor(name, command, args, options) {
    this.name = name;
    this.output = [];
    // every line but the per-request ones, which at the drills' rates would push the few that say
    // what happened (a dependency down and back, a dead letter, an error) out of the recent output
    this.notableLines = [];
    this.partial = { stdout: '', stderr: '' };
    this.child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], ...options });
    const keep = (stream) => (chunk) => {
      const text = chunk.toString();
      this.output.push(text);
      if (this.output.length > 400) this.output.shift();
      const lines = (this.partial[stream] + text).split('\n');
      this.partial[stream] = lines.pop() ?? '';
      for (const line of lines) {
        if (!line || line.includes('"msg":"request"')) continue;
        this.notableLines.push(line);
        if (this.notableLines.length > 5000) this.notableLines.shift();
      }
    };
    this.child.stdout.on('data', keep('stdout'));
    this.child.stderr.on('data', keep('stderr'));
    this.exited = new Promise((done) => this.child.once('exit', (code, signal) => done({ code, signal })));
  }

  get running() {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  log() {
    return this.output.join('');
  }

  /** the lines that are not one request's, from the start */
  notable() {
    return this.notableLines.join('\n');
  }

  async stop(signal = 'SIGTERM', graceMs = 25_000) {
    if (!this.running) return this.exited;
    this.child.kill(signal);
    const exited = await Promise.race([this.exited, sleep(graceMs, null, { ref: false })]);
    if (exited) return exited;
    this.child.kill('SIGKILL');
    return this.exited;
  }
}

/** environment without anything of the caller's deployment */
function cleanEnv() {
  const env = { ...process.env };
  for (const name of Object.keys(env)) {
    if (
      /^(MONGO_URL|REDIS_URL|CLICKHOUSE_|GEOIP_DB|JWT_SECRET|ANALYTICS_|WEB_DIST_DIR|WEB_SSR_DIR|PUBLIC_|RATE_LIMIT_|MAX_CARDS_|DATA_DIR)/.test(
        name,
      )
    ) {
      delete env[name];
    }
  }
  return env;
}

export async function waitReady(baseUrl, timeoutMs = READY_TIMEOUT_MS, child = null) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && !child.running) throw new Error(`${child.name} exited:\n${child.log().slice(-2000)}`);
    try {
      const response = await fetch(`${baseUrl}/api/health/ready`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  throw new Error(`${baseUrl} was not ready within ${timeoutMs / 1000} s`);
}

/** one api process of the product on a fixed port (a restart keeps its address and its data) */
export class Api {
  constructor(root, { port, dataDir, env = {}, name = 'api', user = null, metricsPort = null }) {
    this.root = root;
    this.user = user;
    this.port = port;
    this.dataDir = dataDir;
    this.env = metricsPort === null ? env : { ...env, METRICS_PORT: String(metricsPort) };
    this.name = name;
    this.baseUrl = `http://127.0.0.1:${port}`;
    this.metricsUrl = metricsPort === null ? null : `http://127.0.0.1:${metricsPort}/metrics`;
    this.process = null;
  }

  async start({ waitForReady = true } = {}) {
    this.process = new Child(this.name, process.execPath, [join(this.root, 'apps/api/dist/main.js')], {
      cwd: this.root,
      env: {
        ...cleanEnv(),
        HOST: '127.0.0.1',
        PORT: String(this.port),
        DATA_DIR: this.dataDir,
        LOG_LEVEL: 'info',
        NODE_ENV: 'production',
        RATE_LIMIT_CARD_CREATION: '100/1h',
        ...(this.user !== null ? { HOME: this.dataDir } : {}),
        ...this.env,
      },
      ...(this.user !== null ? { uid: this.user, gid: this.user } : {}),
    });
    if (waitForReady) await waitReady(this.baseUrl, READY_TIMEOUT_MS, this.process);
  }

  /** started: answers /api/health (alive), whatever readiness says */
  async waitAlive(timeoutMs = READY_TIMEOUT_MS) {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (!this.process.running) throw new Error(`${this.name} exited:\n${this.process.log().slice(-2000)}`);
      try {
        if ((await fetch(`${this.baseUrl}/api/health`)).ok) return;
      } catch {
        // not yet
      }
      await sleep(100);
    }
    throw new Error(`${this.name} did not start`);
  }
}

/**
 * the embedded product: one api, its DATA_DIR (optionally a tmpfs the drill can fill or turn
 * read-only); `env` over the launcher's variables
 */
export async function startEmbedded(root, { tmpfsMb = 0, asUser = null, metrics = false, env = {} } = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'cardcraft-drill-'));
  if (tmpfsMb > 0) {
    const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', `size=${tmpfsMb}m`, 'tmpfs', dataDir]);
    if (mounted.status !== 0) throw new Error(`mount failed: ${mounted.stderr}`);
  }
  if (asUser !== null) spawnSync('chown', ['-R', `${asUser}:${asUser}`, dataDir]);
  const api = new Api(root, {
    port: await freePort(),
    dataDir,
    user: asUser,
    metricsPort: metrics ? await freePort() : null,
    // short, so that a drill of seconds sees readiness turn
    env: { DATA_DIR_MIN_FREE_MB: '4', ANALYTICS_READY_MAX_INSERT_AGE_MS: '3000', ...env },
  });
  await api.start();
  return {
    kind: 'embedded',
    apis: [api],
    dataDir,
    async stopAll() {
      if (api.process?.running) await api.process.stop('SIGKILL');
      if (tmpfsMb > 0) spawnSync('umount', ['-l', dataDir]);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function untilListening(port, child, what) {
  const net = await import('node:net');
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (!child.running) throw new Error(`${what} exited:\n${child.log().slice(-2000)}`);
    const open = await new Promise((resolve) => {
      const socket = net.connect({ port, host: '127.0.0.1' });
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await sleep(100);
  }
  throw new Error(`${what} did not listen on ${port}`);
}

/** the cluster's configuration on loopback */
export async function startCluster(root, { apiEnv = {}, workerEnv = {}, metrics = false } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'cardcraft-drill-cluster-'));
  const children = [];
  // one stop however often it is asked for (a signal handler and a finally may ask at once): a
  // second pass over the same list, reversed in place, would skip processes and leave them running
  let stopping = null;
  const stopAll = () =>
    (stopping ??= (async () => {
      for (const child of [...children].reverse()) await child.stop('SIGKILL').catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    })());
  try {
    const ferretBinary = join(root, '.cache/bin/ferretdb');
    if (!existsSync(ferretBinary))
      throw new Error(`${ferretBinary} is missing: run the server tests once (they build it)`);
    const redisPort = await freePort();
    mkdirSync(join(dir, 'redis'), { recursive: true });
    const redis = {
      port: redisPort,
      url: `redis://127.0.0.1:${redisPort}`,
      child: null,
      async start() {
        this.child = new Child('redis', 'redis-server', [
          '--port',
          String(redisPort),
          '--bind',
          '127.0.0.1',
          // a redis that went away and came back keeps what it had acknowledged, as a deployed one
          // (appendonly) does: what the drill measures is what the product did, not a lost redis
          '--save',
          '',
          '--appendonly',
          'yes',
          '--appendfsync',
          'always',
          '--dir',
          join(dir, 'redis'),
        ]);
        children.push(this.child);
        await untilListening(redisPort, this.child, 'redis-server');
      },
      async stop() {
        await this.child?.stop('SIGKILL');
      },
    };
    await redis.start();

    const chPort = await freePort();
    const clickhouse = {
      url: `http://127.0.0.1:${chPort}`,
      child: null,
      async start() {
        this.child = new Child(
          'clickhouse-fixture',
          process.execPath,
          [
            '--import',
            'tsx',
            join(root, 'infra/test/clickhouse-http-fixture.ts'),
            '--serve',
            join(dir, 'ch'),
            String(chPort),
          ],
          {
            cwd: root,
            env: { ...cleanEnv(), TSX_TSCONFIG_PATH: join(root, 'infra/test/tsconfig.tsx.json') },
          },
        );
        children.push(this.child);
        await new Promise((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error('the ClickHouse fixture did not start')), 60_000);
          createInterface({ input: this.child.child.stdout }).once('line', () => {
            clearTimeout(timer);
            resolve();
          });
          this.child.child.once('exit', () =>
            reject(new Error(`the ClickHouse fixture exited:\n${this.child.log()}`)),
          );
        });
      },
      async stop() {
        await this.child?.stop('SIGKILL');
      },
    };
    mkdirSync(join(dir, 'ch'), { recursive: true });
    await clickhouse.start();

    const mongoPort = await freePort();
    const ferretDir = join(dir, 'ferretdb');
    mkdirSync(ferretDir, { recursive: true });
    const ferret = new Child(
      'ferretdb',
      ferretBinary,
      [
        `--listen-addr=127.0.0.1:${mongoPort}`,
        `--debug-addr=127.0.0.1:${await freePort()}`,
        '--handler=sqlite',
        `--sqlite-url=file:${ferretDir}/`,
        `--state-dir=${ferretDir}`,
        '--telemetry=disable',
        '--log-level=error',
      ],
      { cwd: ferretDir },
    );
    children.push(ferret);
    await untilListening(mongoPort, ferret, 'ferretdb');

    const prefix = `drill-${Date.now().toString(36)}`;
    const shared = {
      REDIS_URL: redis.url,
      CLICKHOUSE_URL: clickhouse.url,
      ANALYTICS_QUEUE_PREFIX: prefix,
      CLICKHOUSE_MIGRATE_AT_START: 'false',
    };
    const mongoUrl = `mongodb://127.0.0.1:${mongoPort}/cardcraft`;
    const migrate = new Child('migrate', process.execPath, [join(root, 'apps/worker/dist/migrate.js')], {
      cwd: root,
      env: { ...cleanEnv(), ...shared, MONGO_URL: mongoUrl, DATA_DIR: join(dir, 'migrate') },
    });
    const migrated = await migrate.exited;
    if (migrated.code !== 0) throw new Error(`migrate failed:\n${migrate.log()}`);

    const apis = [];
    for (let i = 0; i < 2; i++) {
      const api = new Api(root, {
        name: `api-${i + 1}`,
        port: await freePort(),
        dataDir: join(dir, `api-${i + 1}`),
        metricsPort: metrics ? await freePort() : null,
        env: {
          ...shared,
          MONGO_URL: mongoUrl,
          JWT_SECRET: 'drills-secret-that-is-long-enough-for-hs256',
          DATA_DIR_MIN_FREE_MB: '4',
          ANALYTICS_READY_MAX_INSERT_AGE_MS: '3000',
          ...apiEnv,
        },
      });
      await api.start({ waitForReady: false });
      children.push(api.process);
      apis.push(api);
    }
    for (const api of apis) await waitReady(api.baseUrl, READY_TIMEOUT_MS, api.process);

    const workerMetricsPort = metrics ? await freePort() : null;
    const worker = {
      child: null,
      metricsUrl: workerMetricsPort === null ? null : `http://127.0.0.1:${workerMetricsPort}/metrics`,
      async start() {
        this.child = new Child('worker', process.execPath, [join(root, 'apps/worker/dist/main.js')], {
          cwd: root,
          env: {
            ...cleanEnv(),
            ...shared,
            DATA_DIR: join(dir, 'worker'),
            LOG_LEVEL: 'info',
            ...(workerMetricsPort === null ? {} : { METRICS_PORT: String(workerMetricsPort) }),
            ...workerEnv,
          },
        });
        children.push(this.child);
        const deadline = Date.now() + 60_000;
        while (!this.child.log().includes('analytics worker started')) {
          if (!this.child.running || Date.now() > deadline)
            throw new Error(`the worker did not start:\n${this.child.log()}`);
          await sleep(100);
        }
      },
    };
    await worker.start();
    return { kind: 'cluster', apis, redis, clickhouse, worker, ferret, dir, stopAll };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
