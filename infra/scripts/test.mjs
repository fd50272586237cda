#!/usr/bin/env node
// npm test: everything the suite needs, then the suite. each step says what it does.
//   1. Chromium from Debian's packages, for the browser suite (installed once, when absent)
//   2. lint: ESLint and Prettier
//   3. the build: server (tsc -b, which is also the type check) and the web app (vite)
//   4. jest: unit and integration tests (FerretDB is built and started by jest's global setup,
//      Redis is expected on 127.0.0.1:6379, chDB runs in-process) and the end-to-end browser suite
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CHROMIUM = '/usr/bin/chromium';

function run(command, args, options = {}) {
  console.log(`\n> ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { stdio: 'inherit', ...options });
  if (result.status !== 0) {
    console.error(`\n${command} ${args.join(' ')} failed (exit ${result.status ?? result.signal})`);
    process.exit(result.status ?? 1);
  }
}

function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  console.log("Chromium is missing: installing Debian's chromium package (first run only)...");
  const sudo = process.getuid?.() === 0 ? [] : ['sudo'];
  const apt = (args) => (sudo.length ? run('sudo', ['apt-get', ...args]) : run('apt-get', args));
  apt(['update', '-qq']);
  apt(['install', '-y', '-qq', '--no-install-recommends', 'chromium']);
}

ensureChromium();
run('npm', ['run', 'lint']);
run('npm', ['run', 'build']);
run('npx', ['jest', '--ci', ...process.argv.slice(2)]);
