import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { REPO_ROOT } from './paths';

/**
 * the api's real entry point (main.ts) from its sources, in a child process, on `dataDir`, for a
 * start that is meant to fail: its exit code and what it printed, stdout and stderr together
 */
export function startApiMain(
  dataDir: string,
  env: Record<string, string> = {},
): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(REPO_ROOT, 'apps/api/src/main.ts')], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: '0',
      LOG_LEVEL: 'error',
      WEB_DIST_DIR: '',
      TSX_TSCONFIG_PATH: join(REPO_ROOT, 'infra/test/tsconfig.tsx.json'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
  return new Promise((done) =>
    child.once('exit', (code) => {
      clearTimeout(timer);
      done({ code, output });
    }),
  );
}
