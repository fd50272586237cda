import { addColumnIfMissing, type SqliteSchema } from '@cardcraft/storage';

// the embedded event queue's tables in the product's sqlite file, as numbered migrations recorded in
// its schema_version (part analytics_queue, beside the storage's own). builds before versions made
// and grew these tables at every open, so migrations 1 to 3 check what is there and adopt such a file
// with the batches waiting in it; later ones only ever meet a file with versions.

export const QUEUE_SQLITE_SCHEMA: SqliteSchema = {
  part: 'analytics_queue',
  label: 'the analytics queue',
  migrations: [
    {
      version: 1,
      name: 'queue-and-salts',
      apply: (db) =>
        db.exec(`
          CREATE TABLE IF NOT EXISTS analytics_queue (
            batch_id TEXT PRIMARY KEY,
            job TEXT NOT NULL,
            payload TEXT NOT NULL,
            attempts INTEGER NOT NULL DEFAULT 0,
            available_at INTEGER NOT NULL,
            dead INTEGER NOT NULL DEFAULT 0,
            last_error TEXT,
            created_at INTEGER NOT NULL
          );
          CREATE INDEX IF NOT EXISTS analytics_queue_due ON analytics_queue (dead, available_at, created_at);
          CREATE TABLE IF NOT EXISTS analytics_salts (day TEXT PRIMARY KEY, salt BLOB NOT NULL);
        `),
    },
    {
      // a failed batch's raw ips are removed after a day (stripIpsOfFailedBefore), once
      version: 2,
      name: 'ips-stripped',
      apply: (db) => addColumnIfMissing(db, 'analytics_queue', 'ips_stripped', 'INTEGER NOT NULL DEFAULT 0'),
    },
    {
      // the batches the consumer inserts together
      version: 3,
      name: 'group-id',
      apply: (db) => addColumnIfMissing(db, 'analytics_queue', 'group_id', 'TEXT'),
    },
  ],
};
