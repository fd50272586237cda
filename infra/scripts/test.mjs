#!/usr/bin/env node
// npm test: everything the suite needs, then the suite. each step says what it does.
//   1. Chromium and an emoji font from Debian's packages, for the browser suite (installed once, when absent)
//   2. lint (ESLint, Prettier, the import boundaries) and, beside it, the build: server (tsc -b, which is
//      also the type check) and the web app (vite)
//   3. the byte budget of the public card page's script and stylesheet (size-limit, .size-limit.cjs)
//   4. jest: unit and integration tests (FerretDB is built in the background from step 2 on and
//      started by jest's global setup, Redis is the one on 127.0.0.1:6379 or one started for the
//      run, chDB runs in-process) and the end-to-end browser suite
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';

const CHROMIUM = '/usr/bin/chromium';
// without it the screenshots show the analytics flags as empty boxes
const EMOJI_FONT = '/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf';

function run(command, args, options = {}) {
  console.log(`\n> ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { stdio: 'inherit', ...options });
  if (result.status !== 0) {
    console.error(`\n${command} ${args.join(' ')} failed (exit ${result.status ?? result.signal})`);
    process.exit(result.status ?? 1);
  }
}

function ensureBrowserPackages() {
  const missing = [
    [CHROMIUM, 'chromium'],
    [EMOJI_FONT, 'fonts-noto-color-emoji'],
  ]
    .filter(([path]) => !existsSync(path))
    .map(([, name]) => name);
  if (missing.length === 0) return;
  console.log(`Installing Debian's ${missing.join(' and ')} for the browser suite (first run only)...`);
  const apt = (args) => (process.getuid?.() === 0 ? run('apt-get', args) : run('sudo', ['apt-get', ...args]));
  apt(['update', '-qq']);
  apt(['install', '-y', '-qq', '--no-install-recommends', ...missing]);
}

ensureBrowserPackages();
// FerretDB, the MongoDB wire server of the integration tests, is built from the Go module proxy on a
// fresh machine (about two minutes): started now, it builds while the lint and the build run
const ferretdb = spawn(process.execPath, ['--import', 'tsx', 'infra/test/build-ferretdb.ts'], {
  stdio: ['ignore', 'inherit', 'inherit'],
  env: { ...process.env, TSX_TSCONFIG_PATH: 'infra/test/tsconfig.tsx.json' },
});
const ferretdbBuilt = new Promise((done) => ferretdb.once('exit', (code) => done(code)));
// the lint and the build each keep one core busy: side by side they take the time of the build
console.log('\n> npm run lint (beside the build)');
const lint = spawn('npm', ['run', 'lint'], { stdio: 'inherit' });
const linted = new Promise((done) => lint.once('exit', (code, signal) => done(code ?? signal)));
run('npm', ['run', 'build']);
const lintStatus = await linted;
if (lintStatus !== 0) {
  console.error(`\nnpm run lint failed (exit ${lintStatus})`);
  process.exit(typeof lintStatus === 'number' ? lintStatus : 1);
}
run('npm', ['run', 'size']);
// jest's global setup builds it itself, and says why, if this did not
await ferretdbBuilt;

// jest's own summary, plus one plain closing line that any CI can read
const results = '.cache/jest-results.json';
mkdirSync('.cache', { recursive: true });
const jest = spawnSync(
  'npx',
  ['jest', '--ci', '--json', `--outputFile=${results}`, ...process.argv.slice(2)],
  {
    stdio: 'inherit',
  },
);
if (existsSync(results)) {
  const { numPassedTests, numFailedTests, numPendingTests } = JSON.parse(readFileSync(results, 'utf8'));
  console.log(`\njest: ${numPassedTests} passed, ${numFailedTests} failed, ${numPendingTests} skipped`);
}
process.exit(jest.status ?? 1);
