// the k6 binary for the load scripts: <repo>/.cache/bin/k6, built once with `go install` from the Go
// module proxy (no prebuilt download), at the version below. k6 always runs with --no-usage-report.
import { execFile } from 'node:child_process';
import { accessSync, constants, mkdirSync, renameSync, rmSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { promisify } from 'node:util';
import { ROOT } from '../cluster/cluster.mjs';

const run = promisify(execFile);
export const K6_VERSION = 'v1.8.1';
const K6_MODULE = 'go.k6.io/k6';
const CACHE_BIN = join(ROOT, '.cache', 'bin');

function isExecutable(file) {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function onPath(name) {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (dir && isExecutable(join(dir, name))) return join(dir, name);
  }
  return null;
}

async function versionOf(file) {
  try {
    const { stdout } = await run(file, ['version'], { timeout: 20_000 });
    return /k6 v(\d+\.\d+\.\d+)/.exec(stdout)?.[1] ?? null;
  } catch {
    return null;
  }
}

/** builds k6 into <repo>/.cache/bin (a few minutes the first time: go downloads and compiles it) */
async function buildK6() {
  const go = onPath('go') ?? '/usr/local/go/bin/go';
  if (!isExecutable(go)) throw new Error('k6 is not built and Go is missing: install Go, or put k6 on PATH');
  console.log(`building k6 ${K6_VERSION} with go install (first run only, a few minutes)...`);
  const gobin = join(ROOT, '.cache', `k6-build-${process.pid}`);
  mkdirSync(gobin, { recursive: true });
  mkdirSync(CACHE_BIN, { recursive: true });
  await run(go, ['install', `${K6_MODULE}@${K6_VERSION}`], {
    env: { ...process.env, GOBIN: gobin, GOWORK: 'off', GOTOOLCHAIN: 'local', CGO_ENABLED: '0' },
    maxBuffer: 16 << 20,
    timeout: 30 * 60_000,
  });
  const built = join(CACHE_BIN, 'k6');
  renameSync(join(gobin, 'k6'), built);
  rmSync(gobin, { recursive: true, force: true });
  return built;
}

/** .cache/bin/k6 at K6_VERSION, else a k6 on PATH at that version, else built now */
export async function ensureK6() {
  const wanted = K6_VERSION.slice(1);
  for (const candidate of [join(CACHE_BIN, 'k6'), onPath('k6')]) {
    if (candidate && isExecutable(candidate) && (await versionOf(candidate)) === wanted) return candidate;
  }
  return buildK6();
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop())) {
  console.log(await ensureK6());
}
