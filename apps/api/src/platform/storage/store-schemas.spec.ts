import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrateStorage, openSqliteFile, sqliteFileIn } from '@cardcraft/storage';
import { startApiMain } from '../testing/api-main';

describe('a start on a store this build cannot use', () => {
  it('stops with one line naming both versions when a newer build migrated the data directory', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'cardcraft-newer-store-'));
    try {
      const file = sqliteFileIn(dataDir);
      await migrateStorage({ kind: 'sqlite', file });
      const db = openSqliteFile(file);
      db.prepare("INSERT INTO schema_version VALUES ('storage', 3, 'from-a-later-build', 0)").run();
      db.close();

      const { code, output } = await startApiMain(dataDir);
      expect(code).toBe(1);
      expect(output.trim().split('\n')).toEqual([
        `Cannot start: the SQLite store in ${file} is at schema version 3, newer than this build's 2; run a build at least as new, or restore a backup made by this one.`,
      ]);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
