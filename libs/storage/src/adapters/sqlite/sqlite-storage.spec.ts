import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createStorage, openSqliteFile } from '../../index';
import { describeAccountStorageContract } from '../../account.contract';
import { describeStorageContract } from '../../storage.contract';
import { openSqliteDatabase } from './sqlite-database';

const dir = mkdtempSync(join(tmpdir(), 'cardcraft-sqlite-storage-'));
// a folder that does not exist yet: the adapter creates it
const file = join(dir, 'data', 'cardcraft.db');

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describeStorageContract('sqlite', () => createStorage({ kind: 'sqlite', file }));
describeAccountStorageContract('sqlite', () => createStorage({ kind: 'sqlite', file }));

describe('openSqliteDatabase', () => {
  it('opens a file in WAL mode with foreign keys on and a busy timeout', () => {
    const db = openSqliteDatabase(join(dir, 'other', 'shared.db'));
    try {
      expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
      expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
      expect(db.pragma('busy_timeout', { simple: true })).toBeGreaterThan(0);
    } finally {
      db.close();
    }
  });

  it('indexes sessions by user and by expiry', async () => {
    const indexed = join(dir, 'indexes', 'cardcraft.db');
    const storage = await createStorage({ kind: 'sqlite', file: indexed });
    const db = await openSqliteFile(indexed);
    try {
      const names = db
        .prepare<[], { name: string }>(
          "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'sessions'",
        )
        .all()
        .map((row) => row.name);
      expect(names).toEqual(expect.arrayContaining(['sessions_user', 'sessions_expires']));
    } finally {
      db.close();
      await storage.close();
    }
  });

  it('lets another adapter keep its own table in the storage file', async () => {
    const shared = join(dir, 'shared', 'cardcraft.db');
    const storage = await createStorage({ kind: 'sqlite', file: shared });
    const db = await openSqliteFile(shared);
    try {
      db.exec('CREATE TABLE IF NOT EXISTS queue_jobs (id INTEGER PRIMARY KEY, body TEXT NOT NULL)');
      db.prepare('INSERT INTO queue_jobs (body) VALUES (?)').run('{}');
      const user = await storage.users.create({ email: 'q@x.io', displayName: 'Q', passwordHash: 'h' });
      expect(db.prepare('SELECT email FROM users WHERE id = ?').get(user.id)).toEqual({ email: 'q@x.io' });
      expect(db.prepare('SELECT count(*) AS n FROM queue_jobs').get()).toEqual({ n: 1 });
    } finally {
      db.close();
      await storage.close();
    }
  });
});
