// the embedded product as npm run bench:analytics runs it: apps/api/dist/main.js as a child process
// on a free 127.0.0.1 port over a data directory, started and stopped around the seeding of its stores
import { fork } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { clearTimeout, setTimeout } from 'node:timers';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { freePort } from './product.mjs';

// node 20's built-in fetch
const { fetch } = globalThis;

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const API_MAIN = join(ROOT, 'apps/api/dist/main.js');

export class Api {
  constructor(dataDir) {
    this.dataDir = dataDir;
    this.child = null;
    this.url = '';
  }

  async start() {
    const port = await freePort();
    const env = {};
    // the product's settings come from here only, not from whatever the shell has exported
    for (const [key, value] of Object.entries(process.env)) {
      if (
        !/^(MONGO_URL|REDIS_URL|CLICKHOUSE_|GEOIP_DB|JWT_SECRET|ANALYTICS_|RATE_LIMIT_|PORT|HOST|DATA_DIR)/.test(
          key,
        )
      ) {
        env[key] = value;
      }
    }
    Object.assign(env, {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: this.dataDir,
      LOG_LEVEL: 'error',
      // stop() ends the bench's api with nothing routing around it: no drain on SIGTERM
      SHUTDOWN_DRAIN_MS: '0',
      RATE_LIMIT_SIGN_UP: '100/1m',
      RATE_LIMIT_SIGN_IN: '100/1m',
      // the team step makes a thousand cards, and signs its admins in
      RATE_LIMIT_CARD_CREATION: '100000/1m',
      RATE_LIMIT_SIGN_IN_PER_ACCOUNT: '1000/1m',
    });
    // ANALYTICS_BENCH_API_NODE_ARGS: node's flags for the api (--cpu-prof, to see where a read goes)
    const execArgv = (process.env.ANALYTICS_BENCH_API_NODE_ARGS ?? '').split(' ').filter(Boolean);
    this.child = fork(API_MAIN, [], { env, execArgv, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    this.url = `http://127.0.0.1:${port}`;
    const deadline = Date.now() + 120_000;
    for (;;) {
      if (this.child.exitCode !== null) throw new Error(`the api exited with ${this.child.exitCode}`);
      try {
        const response = await fetch(`${this.url}/api/health/ready`);
        if (response.ok) return;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error('the api did not get ready within 120 s');
      await sleep(200);
    }
  }

  async stop() {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((done) => child.once('exit', done));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    await exited;
    clearTimeout(timer);
  }

  async json(method, path, { token, body } = {}) {
    const headers = {};
    if (token) headers.authorization = `Bearer ${token}`;
    if (body) headers['content-type'] = 'application/json';
    const response = await fetch(this.url + path, {
      method,
      headers,
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text.slice(0, 300)}`);
    return text ? JSON.parse(text) : null;
  }
}
