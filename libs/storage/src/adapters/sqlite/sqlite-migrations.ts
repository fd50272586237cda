import { latestVersion, SchemaVersionError } from '../../schema-version';
import type { SqliteDatabase } from './sqlite-database';

/** one numbered step of a schema; it runs inside a transaction of its own, with its record */
export interface SqliteMigration {
  version: number;
  name: string;
  apply(db: SqliteDatabase): void;
}

/**
 * the numbered migrations of one part of a sqlite file. several parts may share a file (the storage's
 * tables and the embedded event queue's live in DATA_DIR/cardcraft.db), each with its own versions.
 */
export interface SqliteSchema {
  /** the part's rows in schema_version */
  part: string;
  /** how a refusal names it: "the SQLite store" ("in <file>" is added) */
  label: string;
  migrations: readonly SqliteMigration[];
}

// a row per applied migration of each part
const VERSION_TABLE = `
CREATE TABLE IF NOT EXISTS schema_version (
  part       TEXT NOT NULL,
  version    INTEGER NOT NULL,
  name       TEXT NOT NULL,
  applied_at INTEGER NOT NULL,
  PRIMARY KEY (part, version)
)`;

/** the part's version in the file: its highest applied migration, 0 before any */
export function sqliteSchemaVersion(db: SqliteDatabase, part: string): number {
  const table = db
    .prepare<[], { n: number }>(
      "SELECT count(*) AS n FROM sqlite_master WHERE type = 'table' AND name = 'schema_version'",
    )
    .get();
  if (!table || table.n === 0) return 0;
  const row = db
    .prepare<[string], { version: number | null }>(
      'SELECT max(version) AS version FROM schema_version WHERE part = ?',
    )
    .get(part);
  return row?.version ?? 0;
}

/**
 * brings the part of the file to the build's version: each pending migration in order, in its own
 * immediate transaction that also records it, so a failed one leaves the file at the version before
 * and two processes opening the file together apply each once. a file whose part is newer than the
 * build is refused (SchemaVersionError) before anything is written. returns the versions applied.
 */
export function migrateSqlite(db: SqliteDatabase, schema: SqliteSchema): number[] {
  const latest = latestVersion(schema.migrations);
  const refuseNewer = (version: number): void => {
    if (version > latest) throw new SchemaVersionError(`${schema.label} in ${db.name}`, version, latest);
  };
  const found = sqliteSchemaVersion(db, schema.part);
  refuseNewer(found);
  if (found === latest) return [];
  db.exec(VERSION_TABLE);
  const record = db.prepare<[string, number, string, number]>(
    'INSERT INTO schema_version (part, version, name, applied_at) VALUES (?, ?, ?, ?)',
  );
  const applied: number[] = [];
  for (const migration of schema.migrations.filter((step) => step.version > found)) {
    const ran = db
      .transaction(() => {
        // read again inside the transaction: another process may have migrated meanwhile
        const current = sqliteSchemaVersion(db, schema.part);
        refuseNewer(current);
        if (current >= migration.version) return false;
        migration.apply(db);
        record.run(schema.part, migration.version, migration.name, Date.now());
        return true;
      })
      .immediate();
    if (ran) applied.push(migration.version);
  }
  return applied;
}

/**
 * adds a column unless the table has it (sqlite has no ADD COLUMN IF NOT EXISTS): for the migrations
 * that adopt a file made before versions, which may have the column already
 */
export function addColumnIfMissing(
  db: SqliteDatabase,
  table: string,
  column: string,
  definition: string,
): void {
  const columns = db.prepare<[], { name: string }>(`SELECT name FROM pragma_table_info('${table}')`).all();
  if (columns.some((existing) => existing.name === column)) return;
  db.exec(`ALTER TABLE ${table} ADD COLUMN ${column} ${definition}`);
}
