import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from '../../../../infra/test/services';

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

export interface NodeProcess {
  child: ChildProcess;
  /** what the process printed, for a failure message */
  output: () => string;
  /** resolves once it ended, with how */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  terminate: () => Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** SIGTERM, then SIGKILL after `graceMs`; resolves once it ended */
  stop: () => Promise<void>;
}

/** runs a built entry point with node, keeping the end of its output */
export function spawnNode(script: string, env: Record<string, string>, graceMs = 15_000): NodeProcess {
  let log = '';
  const child = spawn(process.execPath, [script], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const terminate = async () => {
    child.kill('SIGTERM');
    return exit;
  };
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    await exit;
    clearTimeout(timer);
  };
  return { child, output: () => log, exited: exit, terminate, stop };
}

/** resolves once `url` answers 2xx; fails with the process's output when it exits first */
export async function waitUntilAnswers(url: string, running: NodeProcess, what: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const { exitCode, signalCode } = running.child;
    if (exitCode !== null || signalCode !== null)
      throw new Error(`${what} exited with ${exitCode ?? signalCode}:\n${running.output()}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${what} did not answer ${url} within 60 s:\n${running.output()}`);
}

export interface ProductOptions {
  /** the api's port, when the caller must know it first (the cluster's worker gets the address) */
  port?: number;
  /** what says the product is up: /api/health (alive), or /api/health/ready (its stores answer) */
  readyPath?: string;
  /**
   * the host of its public address (PUBLIC_BASE_URL), 127.0.0.1 unless given: passkeys need a name,
   * as browsers take no IP address for a relying party, so their suite asks for localhost
   */
  publicHost?: string;
}

/**
 * the built product the way a user starts it (node apps/api/dist/main.js) on a free port with a fresh
 * data directory: embedded SQLite, in-process queue and chDB; `env` adds settings (MONGO_URL...). the
 * suite builds nothing itself.
 */
export async function startProduct(
  env: Record<string, string> = {},
  options: ProductOptions = {},
): Promise<RunningProduct> {
  for (const file of [API_MAIN, WEB_INDEX]) {
    if (!existsSync(file))
      throw new Error(`${file} is missing: run \`npm run build\` before the end-to-end suite`);
  }
  const port = options.port ?? (await freePort());
  const dataDir = mkdtempSync(join(tmpdir(), 'cardcraft-e2e-'));
  const baseUrl = `http://${options.publicHost ?? '127.0.0.1'}:${port}`;
  const api = spawnNode(API_MAIN, {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_BASE_URL: baseUrl,
    LOG_LEVEL: 'warn',
    // the suites stop the whole product, with nothing routing around it: no drain on SIGTERM
    // (apps/api/src/platform/lifecycle/graceful-stop.spec.ts stops one under load with it)
    SHUTDOWN_DRAIN_MS: '0',
    // the least scrypt work allowed, as the api's own suites use: the product default (2^17) costs
    // about 0.9 s of cpu a sign-in here, and the browser suites sign in dozens of times
    // (apps/api/src/auth/password-upgrade.spec.ts checks the default)
    PASSWORD_SCRYPT_COST: '16384',
    ...env,
  });
  const stop = async () => {
    await api.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitUntilAnswers(`${baseUrl}${options.readyPath ?? '/api/health'}`, api, 'the product');
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, dataDir, output: api.output, terminate: api.terminate, stop };
}
