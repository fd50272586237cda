// the cluster on one machine, without a container engine: what docker-compose.yml starts, as processes
// on loopback, each with its own data directory under one run directory:
//   redis-server (append-only, no eviction), FerretDB (the MongoDB wire server the tests use, SQLite
//   backend), ClickHouse over HTTP (the chDB fixture of the tests: no server can be installed here),
//   the MongoDB and ClickHouse migrations once (npm run migrate's script), N api replicas and M
//   analytics workers (the built apps/*/dist), and a small reverse proxy in front of the replicas
//   (proxy.mjs, nginx's part).
// used by `npm run cluster` (../cluster.mjs), the k6 runs (../k6.mjs) and the ingest measurement.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  closeSync,
  createWriteStream,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createConnection } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { freePort } from '../bench/product.mjs';
import { clearTimeout, setTimeout } from 'node:timers';
import { setTimeout as sleep } from 'node:timers/promises';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const START_TIMEOUT_MS = 90_000;

// node's built-in fetch (undici); named here so the linter knows where it comes from
const { fetch } = globalThis;

function accepts(port) {
  return new Promise((done) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      done(true);
    });
    socket.once('error', () => done(false));
  });
}

/**
 * a child process whose output goes straight to its own log file (no pipe through this process, so a
 * busy orchestrator never holds a writer back); `announces`: its first stdout line is read here (the
 * proxy's and the fixture's port), the rest goes to the file too. stop(): SIGTERM, then SIGKILL.
 */
class Service {
  constructor(name, command, args, { env, cwd, logDir, graceMs = 10_000, announces = false }) {
    this.name = name;
    this.graceMs = graceMs;
    this.logFile = join(logDir, `${name}.log`);
    const fd = openSync(this.logFile, 'a');
    this.child = spawn(command, args, { env, cwd, stdio: ['ignore', announces ? 'pipe' : fd, fd] });
    closeSync(fd);
    if (announces) {
      const log = createWriteStream(this.logFile, { flags: 'a' });
      this.lines = createInterface({ input: this.child.stdout });
      this.lines.on('line', (line) => log.write(`${line}\n`));
      this.child.once('exit', () => log.end());
    }
    this.exited = new Promise((done) => this.child.once('exit', (code, signal) => done({ code, signal })));
  }

  /** the end of its log, to explain a failed start */
  get tail() {
    try {
      return readFileSync(this.logFile, 'utf8').slice(-4_000);
    } catch {
      return '';
    }
  }

  get pid() {
    return this.child.pid;
  }

  get running() {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  /** the first line the child prints on stdout, parsed as JSON (the proxy's and the fixture's port) */
  firstJsonLine(timeoutMs = START_TIMEOUT_MS) {
    return new Promise((done, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`${this.name} did not start:\n${this.tail}`)),
        timeoutMs,
      );
      this.exited.then(({ code, signal }) => {
        clearTimeout(timer);
        reject(new Error(`${this.name} exited with ${code ?? signal}:\n${this.tail}`));
      });
      this.lines.once('line', (line) => {
        clearTimeout(timer);
        done(JSON.parse(line));
      });
    });
  }

  async stop(signal = 'SIGTERM') {
    if (!this.running) return this.exited;
    this.child.kill(signal);
    const ended = await Promise.race([this.exited, sleep(this.graceMs, null, { ref: false })]);
    if (ended) return ended;
    this.child.kill('SIGKILL');
    return this.exited;
  }
}

async function waitFor(what, check, service) {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (service && !service.running) {
      throw new Error(`${service.name} exited while starting (log: ${service.logFile}):\n${service.tail}`);
    }
    if (await check().catch(() => false)) return;
    await sleep(200);
  }
  throw new Error(`${what} was not ready within ${START_TIMEOUT_MS / 1000} s`);
}

const ready = (url) => async () => (await fetch(url)).ok;

/** the FerretDB binary of the tests: <repo>/.cache/bin/ferretdb, built from the Go module proxy if missing */
async function ferretDbBinary() {
  // loaded as CommonJS, as the tests load it: it finds the repository by its __dirname
  const { require: tsxRequire } = await import('tsx/cjs/api');
  const { ensureFerretDb } = tsxRequire(join(ROOT, 'infra/test/ferretdb.ts'), import.meta.url);
  return ensureFerretDb();
}

// settings the cluster sets itself: the caller's values for these would point the processes elsewhere
const CLUSTER_OWNED =
  /^(PORT|HOST|DATA_DIR|MONGO_URL|REDIS_URL|CLICKHOUSE_URL|CLICKHOUSE_DATABASE|CLICKHOUSE_USER|CLICKHOUSE_PASSWORD|METRICS_PORT|METRICS_HOST|TRUST_PROXY|CLICKHOUSE_MIGRATE_AT_START|ANALYTICS_QUEUE_PREFIX)$/;

/**
 * starts the cluster and resolves once every api replica answers ready. options:
 *   runDir     where the data and logs go (default .cache/cluster/<time>)
 *   port       the proxy's port (default 8080; 0: a free one)
 *   apis       api replicas (2), workers: analytics workers (2)
 *   env        settings for the api and the worker (the caller's environment by default: an
 *              operator tries the configuration this way); the cluster sets the addresses itself
 *   forwarded  'append': the proxy keeps a load generator's X-Forwarded-For and the api believes it
 *              (TRUST_PROXY=2), so simulated visitors keep their addresses; default: nginx's rule
 *   logLevel   the processes' LOG_LEVEL (info: one line a request and a job)
 *   onStatus   called with a line of progress
 *   nodeArgs   node's own flags for the api replicas and the workers (e.g. --cpu-prof)
 * returns { url, apis: [{ url, metricsUrl, pid }], workers: [{ metricsUrl, pid }], redisUrl, mongoUrl,
 *   clickhouseUrl, runDir, logDir, services, stop() }.
 */
export async function startCluster(options = {}) {
  const {
    runDir = join(ROOT, '.cache', 'cluster', new Date().toISOString().replace(/[:.]/g, '-')),
    port = 8080,
    apis = 2,
    workers = 2,
    env: callerEnv = process.env,
    forwarded = 'replace',
    logLevel = callerEnv.LOG_LEVEL || 'info',
    onStatus = () => undefined,
    nodeArgs = [],
  } = options;
  for (const file of ['apps/api/dist/main.js', 'apps/worker/dist/main.js', 'apps/worker/dist/migrate.js']) {
    if (!existsSync(join(ROOT, file))) throw new Error(`${file} is missing: run npm run build first`);
  }
  const logDir = join(runDir, 'logs');
  mkdirSync(logDir, { recursive: true });
  const services = [];
  const start = (name, command, args, settings = {}) => {
    const service = new Service(name, command, args, { cwd: ROOT, logDir, env: process.env, ...settings });
    services.push(service);
    return service;
  };
  // never leave processes behind, even when this one is killed outright
  const killAll = () => {
    for (const service of services) if (service.running) service.child.kill('SIGKILL');
  };
  process.once('exit', killAll);

  const stop = async () => {
    process.removeListener('exit', killAll);
    // the front first, then the api (flushes its buffer), the workers (finish their batches), the stores.
    // with the proxy gone nothing routes to an api replica any more: SIGINT stops it without the drain
    // a SIGTERM starts (SHUTDOWN_DRAIN_MS)
    const order = ['proxy', 'api-', 'worker-', 'clickhouse', 'ferretdb', 'redis'];
    for (const prefix of order) {
      await Promise.all(
        services
          .filter((s) => s.name.startsWith(prefix))
          .map((s) => s.stop(prefix === 'api-' ? 'SIGINT' : 'SIGTERM')),
      );
    }
  };

  try {
    onStatus(`run directory ${runDir}`);
    // the stores
    const redisPort = await freePort();
    mkdirSync(join(runDir, 'redis'), { recursive: true });
    const redis = start('redis', 'redis-server', [
      '--port',
      String(redisPort),
      '--bind',
      '127.0.0.1',
      '--dir',
      join(runDir, 'redis'),
      '--appendonly',
      'yes',
      '--maxmemory-policy',
      'noeviction',
      '--save',
      '',
      '--protected-mode',
      'yes',
    ]);
    const ferretdb = await ferretDbBinary();
    const [mongoPort, mongoDebugPort] = [await freePort(), await freePort()];
    const mongoDir = join(runDir, 'ferretdb');
    mkdirSync(mongoDir, { recursive: true });
    const mongo = start(
      'ferretdb',
      ferretdb,
      [
        `--listen-addr=127.0.0.1:${mongoPort}`,
        `--debug-addr=127.0.0.1:${mongoDebugPort}`,
        '--handler=sqlite',
        `--sqlite-url=file:${mongoDir}/`,
        `--state-dir=${mongoDir}`,
        '--telemetry=disable',
        '--log-level=warn',
      ],
      { cwd: mongoDir },
    );
    const clickhouse = start(
      'clickhouse',
      process.execPath,
      [
        '--import',
        'tsx',
        join(ROOT, 'infra/test/clickhouse-http-fixture.ts'),
        '--serve',
        join(runDir, 'clickhouse'),
        '0',
      ],
      {
        announces: true,
        env: { ...process.env, TSX_TSCONFIG_PATH: join(ROOT, 'infra/test/tsconfig.tsx.json') },
      },
    );
    const { port: clickhousePort } = await clickhouse.firstJsonLine();
    await waitFor('redis', () => accepts(redisPort), redis);
    await waitFor('ferretdb', () => accepts(mongoPort), mongo);
    const redisUrl = `redis://127.0.0.1:${redisPort}`;
    const mongoUrl = `mongodb://127.0.0.1:${mongoPort}/cardcraft`;
    const clickhouseUrl = `http://127.0.0.1:${clickhousePort}`;
    onStatus(`redis ${redisUrl}, ferretdb ${mongoUrl}, clickhouse (chDB over http) ${clickhouseUrl}`);

    const base = {};
    for (const [name, value] of Object.entries(callerEnv)) {
      if (!CLUSTER_OWNED.test(name) && value !== undefined) base[name] = value;
    }
    const secretFile = join(runDir, 'jwt-secret');
    const jwtSecret = callerEnv.JWT_SECRET || randomBytes(32).toString('hex');
    if (!callerEnv.JWT_SECRET) writeFileSync(secretFile, `${jwtSecret}\n`, { mode: 0o600 });
    const shared = {
      ...base,
      NODE_ENV: base.NODE_ENV ?? 'production',
      LOG_LEVEL: logLevel,
      // as in the compose file: bigger batches, one ClickHouse insert for ten times the views
      ANALYTICS_FLUSH_MS: base.ANALYTICS_FLUSH_MS ?? '250',
      REDIS_URL: redisUrl,
      CLICKHOUSE_URL: clickhouseUrl,
      METRICS_HOST: '127.0.0.1',
    };

    // the migrations once, MongoDB's and ClickHouse's, before any api or worker (compose's migrate
    // service)
    const migrate = start('migrate', process.execPath, [join(ROOT, 'apps/worker/dist/migrate.js')], {
      env: { ...shared, MONGO_URL: mongoUrl, DATA_DIR: join(runDir, 'migrate') },
    });
    const migrated = await migrate.exited;
    if (migrated.code !== 0)
      throw new Error(`the migrations failed (log: ${migrate.logFile}):\n${migrate.tail}`);

    const apiProcesses = [];
    for (let i = 1; i <= apis; i++) {
      const [apiPort, metricsPort] = [await freePort(), await freePort()];
      const service = start(
        `api-${i}`,
        process.execPath,
        [...nodeArgs, join(ROOT, 'apps/api/dist/main.js')],
        {
          graceMs: 25_000,
          env: {
            ...shared,
            HOST: '127.0.0.1',
            PORT: String(apiPort),
            METRICS_PORT: String(metricsPort),
            DATA_DIR: join(runDir, `api-${i}`),
            MONGO_URL: mongoUrl,
            JWT_SECRET: jwtSecret,
            // the proxy is one hop; with forwarded=append the load generator is another
            TRUST_PROXY: forwarded === 'append' ? '2' : '1',
            CLICKHOUSE_MIGRATE_AT_START: 'false',
            PUBLIC_BASE_URL: base.PUBLIC_BASE_URL ?? `http://localhost:${port || 8080}`,
          },
        },
      );
      apiProcesses.push({
        name: service.name,
        url: `http://127.0.0.1:${apiPort}`,
        port: apiPort,
        metricsUrl: `http://127.0.0.1:${metricsPort}/metrics`,
        service,
      });
    }
    const workerProcesses = [];
    for (let i = 1; i <= workers; i++) {
      const metricsPort = await freePort();
      const service = start(
        `worker-${i}`,
        process.execPath,
        [...nodeArgs, join(ROOT, 'apps/worker/dist/main.js')],
        {
          graceMs: 35_000,
          env: {
            ...shared,
            METRICS_PORT: String(metricsPort),
            DATA_DIR: join(runDir, `worker-${i}`),
            CLICKHOUSE_MIGRATE_AT_START: 'false',
          },
        },
      );
      workerProcesses.push({
        name: service.name,
        metricsUrl: `http://127.0.0.1:${metricsPort}/metrics`,
        service,
      });
    }
    for (const api of apiProcesses) {
      await waitFor(api.name, ready(`${api.url}/api/health/ready`), api.service);
    }
    for (const worker of workerProcesses) {
      await waitFor(worker.name, ready(worker.metricsUrl), worker.service);
    }

    const proxy = start('proxy', process.execPath, [join(ROOT, 'infra/scripts/cluster/proxy.mjs')], {
      announces: true,
      env: {
        ...process.env,
        UPSTREAMS: apiProcesses.map((api) => `127.0.0.1:${api.port}`).join(','),
        PORT: String(port),
        FORWARDED: forwarded,
      },
    });
    const { port: proxyPort } = await proxy.firstJsonLine();
    const url = `http://127.0.0.1:${proxyPort}`;
    await waitFor('the proxy', ready(`${url}/api/health/ready`), proxy);

    return {
      url,
      runDir,
      logDir,
      redisUrl,
      mongoUrl,
      clickhouseUrl,
      apis: apiProcesses.map(({ name, url: apiUrl, metricsUrl, service }) => ({
        name,
        url: apiUrl,
        metricsUrl,
        pid: service.pid,
        service,
      })),
      workers: workerProcesses.map(({ name, metricsUrl, service }) => ({
        name,
        metricsUrl,
        pid: service.pid,
        service,
      })),
      services,
      stop,
    };
  } catch (error) {
    await stop().catch(() => undefined);
    throw error;
  }
}

/** deletes a run directory (a k6 run's, once its figures are taken) */
export function removeRunDir(runDir) {
  rmSync(runDir, { recursive: true, force: true });
}
