// FerretDB v1 for tests: a real MongoDB wire-protocol server on its SQLite backend, built once from
// the Go module proxy into <repo>/.cache/bin, started per test run in a fresh temporary directory.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import {
  accessSync,
  constants,
  cpSync,
  mkdirSync,
  mkdtempSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './services';

const run = promisify(execFile);

export const FERRETDB_VERSION = 'v1.24.2';
const FERRETDB_MODULE = 'github.com/FerretDB/FerretDB';
const REPO_ROOT = resolve(__dirname, '..', '..');
const CACHE_BIN = join(REPO_ROOT, '.cache', 'bin');
const START_TIMEOUT_MS = 30_000;

export interface FerretDbService {
  readonly name: 'ferretdb';
  /** mongodb://127.0.0.1:<port>/ ; add a database name per test file */
  readonly url: string;
  readonly port: number;
  readonly debugPort: number;
  readonly dir: string;
  stop(): Promise<void>;
}

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function onPath(name: string): string | null {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (dir && isExecutable(join(dir, name))) return join(dir, name);
  }
  return null;
}

function goBinary(): string {
  const go = onPath('go') ?? '/usr/local/go/bin/go';
  if (!isExecutable(go)) {
    throw new Error(
      'FerretDB is not built and Go is missing: install Go (go.dev/dl) or put ferretdb on PATH',
    );
  }
  return go;
}

/** a v1 binary that starts; v2 needs PostgreSQL with DocumentDB and does not fit these tests */
async function isUsableFerretDb(file: string): Promise<boolean> {
  if (!isExecutable(file)) return false;
  try {
    const { stdout } = await run(file, ['--version'], { timeout: 10_000 });
    return /version:\s*v1\./.test(stdout);
  } catch {
    return false;
  }
}

async function goPathBin(): Promise<string | null> {
  if (!onPath('go') && !isExecutable('/usr/local/go/bin/go')) return null;
  const { stdout } = await run(goBinary(), ['env', 'GOPATH']);
  const first = stdout.trim().split(delimiter)[0];
  return first ? join(first, 'bin', 'ferretdb') : null;
}

/** the ferretdb binary: <repo>/.cache/bin, else PATH, else $(go env GOPATH)/bin; null when none */
export async function findFerretDb(): Promise<string | null> {
  const candidates = [join(CACHE_BIN, 'ferretdb'), onPath('ferretdb'), await goPathBin()];
  for (const candidate of candidates) {
    if (candidate && (await isUsableFerretDb(candidate))) return candidate;
  }
  return null;
}

/**
 * builds FerretDB into <repo>/.cache/bin. plain `go install ...@v1.24.2` does not give a working
 * binary: the build/version/version.txt that FerretDB embeds is made by `git describe` and is not in
 * the module zip, so the installed binary panics at start (FerretDB issue #2982); and here the module
 * proxy also refuses the version list that go install reads for its deprecation check. so: download
 * exactly v1.24.2 through the proxy, copy it, write the version file, go build.
 */
async function buildFerretDb(): Promise<string> {
  console.log(`building FerretDB ${FERRETDB_VERSION} with go (first run only)...`);
  const go = goBinary();
  const env = { ...process.env, GOWORK: 'off', GOTOOLCHAIN: 'local', GOFLAGS: '-mod=readonly' };
  const { stdout } = await run(go, ['mod', 'download', '-json', `${FERRETDB_MODULE}@${FERRETDB_VERSION}`], {
    env,
    maxBuffer: 1 << 20,
  });
  const mod = JSON.parse(stdout) as { Dir?: string; Error?: string; Origin?: { Hash?: string } };
  if (!mod.Dir)
    throw new Error(`go mod download ${FERRETDB_MODULE}@${FERRETDB_VERSION}: ${mod.Error ?? stdout}`);

  mkdirSync(CACHE_BIN, { recursive: true });
  const src = mkdtempSync(join(REPO_ROOT, '.cache', 'ferretdb-src-'));
  const out = join(CACHE_BIN, `ferretdb.${process.pid}.tmp`);
  try {
    cpSync(mod.Dir, src, { recursive: true });
    // the module cache is read-only, and so is its copy
    await run('chmod', ['-R', 'u+w', src]);
    writeFileSync(join(src, 'build', 'version', 'version.txt'), `${FERRETDB_VERSION}\n`);
    writeFileSync(join(src, 'build', 'version', 'commit.txt'), `${mod.Origin?.Hash ?? 'unknown'}\n`);
    await run(go, ['build', '-trimpath', '-buildvcs=false', '-o', out, './cmd/ferretdb'], {
      cwd: src,
      env,
      maxBuffer: 16 << 20,
    });
    // rename is atomic, so a concurrent run never sees half a binary
    renameSync(out, join(CACHE_BIN, 'ferretdb'));
  } finally {
    rmSync(src, { recursive: true, force: true });
    rmSync(out, { force: true });
  }
  const built = join(CACHE_BIN, 'ferretdb');
  if (!(await isUsableFerretDb(built))) throw new Error(`built ${built} but it does not start`);
  return built;
}

export async function ensureFerretDb(): Promise<string> {
  return (await findFerretDb()) ?? (await buildFerretDb());
}

function accepts(port: number): Promise<boolean> {
  return new Promise((done) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      done(true);
    });
    socket.once('error', () => done(false));
  });
}

function exited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

async function waitUntilListening(child: ChildProcess, port: number, output: () => string): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (exited(child))
      throw new Error(`ferretdb exited with ${child.exitCode ?? child.signalCode}:\n${output()}`);
    if (await accepts(port)) return;
    await new Promise((wake) => setTimeout(wake, 100));
  }
  throw new Error(`ferretdb did not listen on 127.0.0.1:${port} within ${START_TIMEOUT_MS} ms:\n${output()}`);
}

function stopChild(child: ChildProcess): Promise<void> {
  if (exited(child)) return Promise.resolve();
  return new Promise((done) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), 5_000);
    child.once('exit', () => {
      clearTimeout(kill);
      done();
    });
    child.kill('SIGTERM');
  });
}

/** starts FerretDB on free loopback ports with its SQLite backend in a fresh temporary directory */
export async function startFerretDb(): Promise<FerretDbService> {
  const binary = await ensureFerretDb();
  const dir = mkdtempSync(join(tmpdir(), 'cardcraft-ferretdb-'));
  const [port, debugPort] = [await freePort(), await freePort()];
  const args = [
    `--listen-addr=127.0.0.1:${port}`,
    `--debug-addr=127.0.0.1:${debugPort}`,
    '--handler=sqlite',
    `--sqlite-url=file:${dir}/`,
    `--state-dir=${dir}`,
    '--telemetry=disable',
    '--log-level=error',
  ];
  const child = spawn(binary, args, { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
  // keep the last lines only, to explain a failed start
  let log = '';
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-8_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  // never let the server outlive the test run, even when teardown does not run
  const killOnExit = () => {
    child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  };
  process.once('exit', killOnExit);
  // the server must not keep the test runner alive by itself
  child.unref();
  for (const stream of [child.stdout, child.stderr]) (stream as unknown as { unref?: () => void })?.unref?.();

  const stop = async () => {
    process.removeListener('exit', killOnExit);
    await stopChild(child);
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitUntilListening(child, port, () => log);
  } catch (error) {
    await stop();
    throw error;
  }
  return { name: 'ferretdb', url: `mongodb://127.0.0.1:${port}/`, port, debugPort, dir, stop };
}
