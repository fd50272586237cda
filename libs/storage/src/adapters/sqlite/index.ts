export { createSqliteStorage, migrateSqliteStorage, SqliteStorage } from './sqlite-storage';
export { openSqliteDatabase, type SqliteDatabase } from './sqlite-database';
export { newObjectIdHex } from './object-id';
