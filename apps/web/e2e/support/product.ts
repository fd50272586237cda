import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const REPO_ROOT = resolve(__dirname, '../../../..');
const API_MAIN = join(REPO_ROOT, 'apps/api/dist/main.js');
const WEB_INDEX = join(REPO_ROOT, 'apps/web/dist/index.html');

export interface RunningProduct {
  baseUrl: string;
  dataDir: string;
  /** what the process printed, for a failure message */
  output: () => string;
  /** sends SIGTERM and waits for the process to end, with how it ended (stop() still cleans up) */
  terminate: () => Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  stop: () => Promise<void>;
}

export interface ApiCall {
  method?: string;
  body?: unknown;
  /** an access token, sent as a bearer: no cookie, so no same-origin check */
  token?: string;
}

/** a JSON call to the product's api that must succeed; its answer's body */
export async function callApi<T>(baseUrl: string, path: string, init: ApiCall = {}): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      'content-type': 'application/json',
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

async function waitUntilReady(baseUrl: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the product exited with ${child.exitCode}:\n${output()}`);
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the product did not answer /api/health within 60 s:\n${output()}`);
}

/**
 * starts the built product the way a user does (node apps/api/dist/main.js) on a free port with a fresh
 * data directory: embedded SQLite, in-process queue and chDB. the suite builds nothing itself.
 */
/** the built product on a free port with a fresh data directory; `env` adds settings (MONGO_URL...) */
export async function startProduct(env: Record<string, string> = {}): Promise<RunningProduct> {
  for (const file of [API_MAIN, WEB_INDEX]) {
    if (!existsSync(file))
      throw new Error(`${file} is missing: run \`npm run build\` before the end-to-end suite`);
  }
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'cardcraft-e2e-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  let log = '';
  const child = spawn(process.execPath, [API_MAIN], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_BASE_URL: baseUrl,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const output = () => log;
  await waitUntilReady(baseUrl, child, output);

  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const terminate = async () => {
    child.kill('SIGTERM');
    return exit;
  };
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise<void>((r) => child.once('exit', () => r()));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { baseUrl, dataDir, output, terminate, stop };
}
