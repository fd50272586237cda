import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';

export type SqliteDatabase = Database.Database;
export type SqliteStatement = Database.Statement;

/**
 * opens (creating when needed) the product's one sqlite file the way every adapter that shares it
 * must: wal so readers never wait on the writer, foreign keys on (sqlite leaves them off per
 * connection), and a busy timeout so a second connection to the same file waits instead of failing.
 */
export function openSqliteDatabase(file: string): SqliteDatabase {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  // wal makes normal durable against application crashes; only an os crash may lose the last commits
  db.pragma('synchronous = NORMAL');
  return db;
}
