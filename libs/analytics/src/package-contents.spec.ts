import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';

const ROOT = resolve(__dirname, '../../..');

/** the files `npm pack` would put in a workspace's package */
function packed(workspace: string): string[] {
  const out = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts', '-w', workspace], {
    cwd: ROOT,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const [report] = JSON.parse(out) as { files: { path: string }[] }[];
  return report.files.map((file) => file.path);
}

describe('the built packages carry no tests and what they need at run time', () => {
  it.each([
    '@cardcraft/contracts',
    '@cardcraft/storage',
    '@cardcraft/analytics',
    '@cardcraft/api',
    '@cardcraft/worker',
  ])(
    '%s: no spec, contract suite or test helper',
    (workspace) => {
      const tests = packed(workspace).filter((path) =>
        /(\.spec\.|\.contract\.|(^|\/)testing\/|\.tsbuildinfo$)/.test(path),
      );
      expect(tests).toEqual([]);
    },
    30_000,
  );

  it('@cardcraft/analytics ships its ClickHouse migrations', () => {
    const files = packed('@cardcraft/analytics');
    expect(files).toEqual(
      expect.arrayContaining(['migrations/001-events.sql', 'migrations/004-rollups.sql']),
    );
  }, 30_000);
});
