import {
  migrateSqlite,
  openSqliteFile,
  type SqliteDatabase,
  type SqliteSchema,
  type SqliteStatement,
} from '@cardcraft/storage';
import { parseEventBatch, type EventBatch } from '../../events';
import type { BatchJournal, JournalSize } from '../../ports';

/** the journal's table, versioned like the product's other sqlite files (schema_version) */
const JOURNAL_SQLITE_SCHEMA: SqliteSchema = {
  part: 'analytics_journal',
  label: 'the analytics journal',
  migrations: [
    {
      // IF NOT EXISTS: builds before versions made the table at every open
      version: 1,
      name: 'journal',
      apply: (db) =>
        db.exec(`
          CREATE TABLE IF NOT EXISTS analytics_journal (
            seq INTEGER PRIMARY KEY AUTOINCREMENT,
            batch_id TEXT NOT NULL UNIQUE,
            events INTEGER NOT NULL,
            payload TEXT NOT NULL
          );
        `),
    },
  ],
};

/**
 * the producer's spill file: batches the queue could not take wait here, in a sqlite file of their own
 * under DATA_DIR, until the queue answers again. rows are kept in the order they were written (seq) and
 * a batch is deleted only after the queue took it, so a crash in between sends it again under the same
 * id (the queue's job id and the store's insert token keep it from counting twice).
 */
export class SqliteBatchJournal implements BatchJournal {
  private readonly db: SqliteDatabase;
  private readonly insert: SqliteStatement;
  private readonly removeRow: SqliteStatement;
  private readonly oldest: SqliteStatement;
  private size: JournalSize;

  constructor(file: string) {
    this.db = openSqliteFile(file);
    try {
      migrateSqlite(this.db, JOURNAL_SQLITE_SCHEMA);
    } catch (error) {
      this.db.close();
      throw error;
    }
    this.insert = this.db.prepare(
      'INSERT OR IGNORE INTO analytics_journal (batch_id, events, payload) VALUES (?, ?, ?)',
    );
    this.removeRow = this.db.prepare('DELETE FROM analytics_journal WHERE batch_id = ?');
    this.oldest = this.db.prepare('SELECT payload FROM analytics_journal ORDER BY seq LIMIT ?');
    const row = this.db
      .prepare('SELECT count(*) AS batches, coalesce(sum(events), 0) AS events FROM analytics_journal')
      .get() as JournalSize;
    this.size = { batches: row.batches, events: row.events };
  }

  append(batches: EventBatch[]): void {
    let added: JournalSize = { batches: 0, events: 0 };
    this.db.transaction(() => {
      added = { batches: 0, events: 0 };
      for (const batch of batches) {
        const result = this.insert.run(batch.id, batch.events.length, JSON.stringify(batch));
        if (result.changes > 0) {
          added.batches += 1;
          added.events += batch.events.length;
        }
      }
    })();
    this.size = { batches: this.size.batches + added.batches, events: this.size.events + added.events };
  }

  peek(limit: number): EventBatch[] {
    return (this.oldest.all(limit) as { payload: string }[]).map((row) =>
      parseEventBatch(JSON.parse(row.payload)),
    );
  }

  remove(batches: EventBatch[]): void {
    let removed: JournalSize = { batches: 0, events: 0 };
    this.db.transaction(() => {
      removed = { batches: 0, events: 0 };
      for (const batch of batches) {
        if (this.removeRow.run(batch.id).changes > 0) {
          removed.batches += 1;
          removed.events += batch.events.length;
        }
      }
    })();
    this.size = {
      batches: this.size.batches - removed.batches,
      events: this.size.events - removed.events,
    };
  }

  current(): JournalSize {
    return { ...this.size };
  }

  close(): void {
    if (this.db.open) this.db.close();
  }
}
