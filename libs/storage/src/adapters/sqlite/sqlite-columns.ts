import type { SqliteDatabase } from './sqlite-database';

/**
 * adds a column to a table of an existing file when it is not there yet: the schema's CREATE TABLE
 * statements are idempotent, but a column added since a file was made needs ALTER TABLE, once
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
