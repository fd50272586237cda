// the product under test for npm run bench: apps/api/dist/main.js as a child process on a free
// loopback port with a fresh temporary DATA_DIR, its seeding through the public API, and the reads of
// its analytics that the bench checks its counts against.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';

const START_TIMEOUT_MS = 60_000;
const POLL_MS = 250;

// node's built-in fetch (undici); named here so the linter knows where it comes from
const { fetch } = globalThis;

/** the first port of the range the kernel hands to port-0 listens and outgoing connections */
function ephemeralLow() {
  try {
    const low = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
    return Number.isInteger(low) ? low : 32_768;
  } catch {
    return 32_768;
  }
}

function listensOn(port) {
  return new Promise((answer) => {
    const server = createServer();
    server.once('error', () => answer(false));
    server.listen(port, '127.0.0.1', () => server.close(() => answer(true)));
  });
}

/**
 * a port free on 127.0.0.1 right now, drawn below the kernel's ephemeral range: a port the kernel
 * picked is handed out again to the next port-0 listen or outgoing connection (a parallel test's)
 * before the process we start binds it; one below that range never is. the same rule as
 * infra/test/services.ts's, for the tests
 */
export async function freePort() {
  const top = ephemeralLow();
  const bottom = Math.max(1_024, top - 12_000);
  for (let attempt = 0; attempt < 50 && top - bottom > 1_000; attempt++) {
    const port = bottom + Math.floor(Math.random() * (top - bottom));
    if (await listensOn(port)) return port;
  }
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolvePort(port));
    });
  });
}

/** resident and peak resident memory of a process, in MB, from /proc */
export function rssMb(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const field = (name) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN) / 1024;
    return { rss: field('VmRSS'), peak: field('VmHWM') };
  } catch {
    return { rss: NaN, peak: NaN };
  }
}

/** the embedded product: one child process, stopped by stop() whatever happened */
export class Product {
  constructor(root) {
    this.main = join(root, 'apps/api/dist/main.js');
    this.root = root;
    this.child = null;
    this.output = [];
    this.dataDir = mkdtempSync(join(tmpdir(), 'cardcraft-bench-'));
  }

  /** extra: variables of this run (METRICS_PORT, say), over the embedded defaults */
  async start(extra = {}) {
    this.port = await freePort();
    this.baseUrl = `http://127.0.0.1:${this.port}`;
    // the embedded product only: no cluster address leaks in from the caller's environment
    const env = { ...process.env };
    for (const name of Object.keys(env)) {
      if (
        /^(MONGO_URL|REDIS_URL|CLICKHOUSE_|GEOIP_DB|JWT_SECRET|ANALYTICS_|WEB_DIST_DIR|WEB_SSR_DIR|PUBLIC_|RATE_LIMIT_|MAX_CARDS_)/.test(
          name,
        )
      ) {
        delete env[name];
      }
    }
    Object.assign(env, {
      HOST: '127.0.0.1',
      PORT: String(this.port),
      DATA_DIR: this.dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      // stop() ends the bench's product with nothing routing around it: no drain on SIGTERM
      SHUTDOWN_DRAIN_MS: '0',
      // the bench seeds more cards from one address than a person creates in an hour
      RATE_LIMIT_CARD_CREATION: '100/1h',
      ...extra,
    });
    this.child = spawn(process.execPath, [this.main], {
      cwd: this.root,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const keep = (chunk) => {
      this.output.push(chunk.toString());
      if (this.output.length > 200) this.output.shift();
    };
    this.child.stdout.on('data', keep);
    this.child.stderr.on('data', keep);
    this.exited = new Promise((done) => this.child.once('exit', (code, signal) => done({ code, signal })));

    const deadline = Date.now() + START_TIMEOUT_MS;
    while (Date.now() < deadline) {
      if (this.child.exitCode !== null) throw new Error(`the API exited with ${this.child.exitCode}`);
      try {
        const response = await fetch(`${this.baseUrl}/api/health/ready`);
        if (response.ok) return;
      } catch {
        // not listening yet
      }
      await sleep(200);
    }
    throw new Error(`the API was not ready within ${START_TIMEOUT_MS / 1000} s`);
  }

  get pid() {
    return this.child?.pid;
  }

  async stop() {
    if (this.child && this.child.exitCode === null && this.child.signalCode === null) {
      this.child.kill('SIGTERM');
      const exited = await Promise.race([this.exited, sleep(15_000, null, { ref: false })]);
      if (!exited) {
        this.child.kill('SIGKILL');
        await this.exited;
      }
    }
    rmSync(this.dataDir, { recursive: true, force: true });
  }

  tail(lines = 30) {
    return this.output.join('').split('\n').slice(-lines).join('\n');
  }
}

export async function api(baseUrl, method, path, { token, body, expect } = {}) {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  if (expect && response.status !== expect) {
    throw new Error(`${method} ${path} answered ${response.status}: ${text.slice(0, 300)}`);
  }
  return text ? JSON.parse(text) : null;
}

/**
 * one owner with `count` published cards: contact details, a social link, no avatar and no images,
 * the card the phone figures are about
 */
export async function seed(baseUrl, count) {
  const run = Date.now().toString(36);
  const password = `bench-${run}-password`;
  const session = await api(baseUrl, 'POST', '/api/auth/register', {
    body: { email: `bench-${run}@example.test`, password, displayName: 'Bench Owner' },
    expect: 201,
  });
  const profiles = [];
  for (let i = 0; i < count; i++) {
    const profile = await api(baseUrl, 'POST', '/api/profiles', {
      token: session.accessToken,
      body: {
        handle: `bench-${run}-${i}`,
        displayName: `Bench Card ${i}`,
        tagline: 'Seeded by npm run bench',
        bio: 'A published card for the benchmark.',
        published: true,
        contact: { email: `card-${i}@example.test`, phoneNumber: '+1 555 0100', company: 'Cardcraft' },
        socialLinks: [{ provider: 'linkedin', url: `https://www.linkedin.com/in/bench-${i}` }],
      },
      expect: 201,
    });
    profiles.push({ id: profile.id, handle: profile.handle });
  }
  return { token: session.accessToken, profiles };
}

/** the last week up to a minute from now: every view of this run falls in it */
export function analyticsRange(from = new Date(Date.now() - 7 * 86_400_000)) {
  const to = new Date(Date.now() + 60_000);
  return `from=${encodeURIComponent(from.toISOString())}&to=${encodeURIComponent(to.toISOString())}`;
}

/** the views the owner's dashboard counts for one card since `from` */
async function countedViews(baseUrl, token, profile, from) {
  const query = analyticsRange(from);
  const summary = await api(baseUrl, 'GET', `/api/profiles/${profile.id}/analytics/summary?${query}`, {
    token,
    expect: 200,
  });
  return summary.totalVisits;
}

/**
 * waits until the dashboard counts the views each card should have, `expectations` being
 * [{ profile, views }]; the lag runs from `since` (the end of the load) until the last card got there.
 * it asks about one card at a time, a few times a second over a short range, so the polling takes
 * little from the analytics engine it waits for. it gives up when the count has not moved for
 * `stallMs`, or after `timeoutMs`. then it counts every card once more after `settleMs`: a view
 * counted that no client saw answered is as wrong as one lost, so the count must stay where it is.
 */
export async function awaitViews(
  baseUrl,
  token,
  expectations,
  { from, timeoutMs, stallMs, settleMs, since },
) {
  const pending = [...expectations];
  let lastCount = -1;
  let movedAt = performance.now();
  while (
    pending.length > 0 &&
    performance.now() - since < timeoutMs &&
    performance.now() - movedAt < stallMs
  ) {
    const counted = await countedViews(baseUrl, token, pending[0].profile, from);
    if (counted !== lastCount) movedAt = performance.now();
    lastCount = counted;
    if (counted >= pending[0].views) {
      pending.shift();
      lastCount = -1;
      continue;
    }
    await sleep(POLL_MS);
  }
  const lagMs = pending.length === 0 ? performance.now() - since : NaN;
  const waitedMs = performance.now() - since;
  if (pending.length === 0) await sleep(settleMs);
  let counted = 0;
  for (const { profile } of expectations) counted += await countedViews(baseUrl, token, profile, from);
  return { counted, lagMs, waitedMs };
}
